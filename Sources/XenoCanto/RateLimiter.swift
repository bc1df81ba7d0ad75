/// Spaces requests out: xeno-canto publishes a limit of one API request per second.
public actor RateLimiter {
    private let interval: Duration
    private var nextSlot: ContinuousClock.Instant?
    private let clock = ContinuousClock()

    public init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    /// Returns when a request may start; reserves the slot before suspending, so callers queue in order.
    public func waitForSlot() async throws {
        let now = clock.now
        let slot = max(now, nextSlot ?? now)
        nextSlot = slot + interval
        if slot > now { try await clock.sleep(until: slot) }
    }

    /// The whole process shares one limiter for the API host.
    public static let api = RateLimiter()
}
