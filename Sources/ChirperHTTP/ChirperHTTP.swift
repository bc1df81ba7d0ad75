import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The event loop threads every connection runs on, the API's and a recording's.
public enum NetworkThreads {
    /// One thread, not NIO's default of one per core: a listener's process has one or two connections
    /// at a time, and each extra loop thread is made before the first request can go out. Call once,
    /// first thing in `main`: NIO takes it only before its group is first used, and traps on a second
    /// call.
    public static func useOne() {
        NIOSingletons.groupLoopCountSuggestion = 1
    }
}

/// A failed HTTP exchange in a listener's words, for the API's errors and the player's alike.
public enum NetworkProblem {
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPGetError:
            switch error {
            case .closedBeforeAnswer: return "the server closed the connection"
            case .closedEarly: return "the connection closed before the length the server announced"
            case .readTimedOut, .deadlineExceeded: return "the server stopped answering"
            case .invalidURL: return "not an http(s) URL with a host"
            case .invalidPort(let text): return "the port \"\(text)\" is not a number from 1 to 65535"
            case .notHTTP(let reason): return "the server's answer is not valid HTTP (\(reason))"
            case .tooManyRedirects: return "too many redirects"
            case .tooLarge: return "the answer is larger than expected"
            }
        case ChannelError.connectTimeout: return "the connection timed out"
        case let error as NIOConnectionError:
            // No address to try: the name did not resolve. Else what the last address answered.
            guard let last = error.connectionErrors.last else { return "host name not found" }
            return describe(last.error)
        case NIOSSLError.handshakeFailed(let reason):
            return "\(reason)".contains("CERTIFICATE_VERIFY_FAILED")
                ? "the server's certificate is not trusted" : "the secure connection could not be made"
        case NIOSSLError.failedToLoadCertificate:
            return "the trust roots named by SSL_CERT_FILE or SSL_CERT_DIR cannot be read"
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return "the server's certificate is for another name"
        default: break
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
