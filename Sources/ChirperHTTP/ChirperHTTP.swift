import AsyncHTTPClient

extension HTTPClient {
    /// One client for the process, shared by the API client and the player: follows redirects
    /// (xeno-canto's `file` URLs redirect), gives up on a connection after 10 s and on a silent read
    /// after 30 s. A global is never deinitialised, so it needs no shutdown.
    public static let chirper = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: .init(
            redirectConfiguration: .follow(max: 10, allowCycles: false),
            timeout: .init(connect: .seconds(10), read: .seconds(30)),
            decompression: .enabled(limit: .ratio(25))))
}

/// A failed HTTP exchange in a listener's words, for the API's errors and the player's alike.
public enum NetworkProblem {
    public static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return "the connection timed out"
            case .readTimeout, .deadlineExceeded: return "the server stopped answering"
            case .remoteConnectionClosed: return "the server closed the connection"
            case .redirectLimitReached, .redirectCycleDetected: return "too many redirects"
            default: return "\(error)"
            }
        }
        let text = String(describing: error)
        let lowered = text.lowercased()
        if lowered.contains("connection refused") { return "connection refused" }
        if text.contains("NXDOMAIN") || lowered.contains("lookup") || lowered.contains("resolve") { return "host name not found" }
        if text.contains("uncleanShutdown") || text.contains("EOF") { return "the server closed the connection" }
        return text
    }
}
