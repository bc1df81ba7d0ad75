/// One budget of requests for the whole process: API pages, recordings, Range reopens, prefetches and
/// every retry of any of them draw on it. xeno-canto publishes no per-second figure for v3 and blocks
/// heavy use, so Chirper paces itself: on average one request a second, with a burst of a few at once
/// (a page and the recording it names, a seek or a reconnection), and API pages never closer than a
/// second to each other.
public actor RequestPacer {
    public enum Kind: Sendable {
        /// A page of the API.
        case page
        /// A recording's file, from its start or (a reopening) from a byte on.
        case file
    }

    private var budget: PacingBudget
    private let clock = ContinuousClock()

    public init(budget: PacingBudget = PacingBudget()) {
        self.budget = budget
    }

    /// Returns when the request may start. The slot is reserved before waiting, so requests go in the
    /// order they asked; a cancelled wait throws, and its slot stays spent (the budget errs polite).
    public func admit(_ kind: Kind) async throws {
        let now = clock.now
        let start = budget.reserve(kind, at: now)
        if start > now { try await clock.sleep(until: start) }
    }

    /// Says that a request of `kind` has its answer: pages are spaced from it too, so that a page
    /// asked on a kept connection (no handshake before it) still reaches the server a second after the
    /// one before.
    public func answered(_ kind: Kind) {
        budget.answered(kind, at: clock.now)
    }

    /// The process's pacer.
    public static let shared = RequestPacer()
}

/// The pacing rule, apart from the clock (so it can be tested step by step): a token bucket of `burst`
/// requests refilled one per `interval` (kept as the instant the bucket would be full again, the
/// "generic cell rate" form), and pages spaced by `interval` besides.
public struct PacingBudget: Sendable {
    public var interval: Duration
    public var burst: Int
    /// When the bucket is full again; nil: full now.
    private var fullAt: ContinuousClock.Instant?
    private var lastPage: ContinuousClock.Instant?

    public init(interval: Duration = .seconds(1), burst: Int = 3) {
        self.interval = interval
        self.burst = max(1, burst)
    }

    /// A request of `kind` had its answer at `now`: the next page starts a second after the later of
    /// the last page's start and its answer.
    public mutating func answered(_ kind: RequestPacer.Kind, at now: ContinuousClock.Instant) {
        if kind == .page { lastPage = max(lastPage ?? now, now) }
    }

    /// The instant a request asked for `now` may start, and it is counted as made then.
    public mutating func reserve(_ kind: RequestPacer.Kind, at now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let full = max(fullAt ?? now, now)
        // The bucket holds `burst` requests: a request may start once fewer than that are outstanding.
        var start = max(now, full - interval * (burst - 1))
        if kind == .page, let lastPage { start = max(start, lastPage + interval) }
        fullAt = max(full, start) + interval
        if kind == .page { lastPage = start }
        return start
    }
}
