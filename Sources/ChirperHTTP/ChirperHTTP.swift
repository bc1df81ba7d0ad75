import AsyncHTTPClient
import NIOHTTP1

extension HTTPClient {
    /// The process's client for first contact, shared by the API client and the player: follows
    /// redirects (xeno-canto's `file` URLs redirect), gives up on a silent read after 30 s, and fails at
    /// once on a refused connection or a name that does not resolve: offline, a listener is told so
    /// within a second, not after 10 s of connecting again. A global is never deinitialised, so it needs
    /// no shutdown.
    public static let chirper = make(retryingConnects: false)

    /// The same, but a connection that cannot be made is tried again for up to 10 s: for reopening a
    /// recording that was playing (a drop, a seek, the next track fetched ahead), where a network blip
    /// should be waited out rather than end the track. Made only when first used.
    public static let patient = make(retryingConnects: true)

    /// The client to reopen with what this client opened: `patient` for `chirper`'s, else itself.
    public var forReopening: HTTPClient { self === HTTPClient.chirper ? .patient : self }

    private static func make(retryingConnects: Bool) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 10, allowCycles: false),
            timeout: .init(connect: .seconds(10), read: .seconds(30)),
            decompression: .enabled(limit: .ratio(25)))
        configuration.connectionPool.retryConnectionEstablishment = retryingConnects
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
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
        if text.contains("NXDOMAIN") || lowered.contains("lookup") || lowered.contains("resolve") || lowered.contains("unknownhost") {
            return "host name not found"
        }
        if text.contains("uncleanShutdown") || text.contains("EOF") { return "the server closed the connection" }
        // The HTTP parser's words for a body shorter than its Content-Length.
        if text.contains("stream ended at an unexpected time") { return "the connection closed before the length the server announced" }
        return text
    }
}

/// How an answer that says "busy" (429) or "broken for now" (5xx) is asked again: a bounded number of
/// tries, waits that double, and the server's Retry-After when it asks for longer.
public struct RetryPolicy: Sendable {
    public var attempts: Int
    public var firstDelay: Duration
    public var longestDelay: Duration

    public init(attempts: Int = 3, firstDelay: Duration = .seconds(1), longestDelay: Duration = .seconds(30)) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
    }

    /// The wait after try number `attempt` (from 1).
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        let backoff = firstDelay * (1 << min(attempt - 1, 16))
        return min(max(backoff, retryAfter ?? .zero), longestDelay)
    }

    public static func isWorthRetrying(status: Int) -> Bool { status == 429 || (500..<600).contains(status) }

    /// Retry-After in seconds (the HTTP-date form is not used by the servers Chirper talks to).
    public static func retryAfter(in headers: HTTPHeaders) -> Duration? {
        headers.first(name: "Retry-After").flatMap(Int.init).map { Duration.seconds($0) }
    }
}
