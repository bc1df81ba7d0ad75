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

/// How an answer that says "busy" (429) or "broken for now" (5xx), and any status the caller adds, is
/// asked again (`Fetcher`): a bounded number of tries, waits that double, and the server's Retry-After
/// when it asks for longer.
public struct RetryPolicy: Sendable {
    public var attempts: Int
    public var firstDelay: Duration
    public var longestDelay: Duration
    /// Statuses asked again besides 429 and 5xx (xeno-canto's 403 when it limits use).
    public var alsoRetried: Set<Int>

    public init(attempts: Int = 3, firstDelay: Duration = .seconds(1), longestDelay: Duration = .seconds(30),
                alsoRetried: Set<Int> = []) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.alsoRetried = alsoRetried
    }

    public func isWorthRetrying(status: Int) -> Bool {
        status == 429 || (500..<600).contains(status) || alsoRetried.contains(status)
    }

    /// The wait after try number `attempt` (from 1).
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        let backoff = firstDelay * (1 << min(attempt - 1, 16))
        return min(max(backoff, retryAfter ?? .zero), longestDelay)
    }

    /// Retry-After in seconds (the HTTP-date form is not used by the servers Chirper talks to).
    public static func retryAfter(in headers: AnswerHeaders) -> Duration? {
        headers.first(name: "Retry-After").flatMap(Int.init).map { Duration.seconds($0) }
    }
}
