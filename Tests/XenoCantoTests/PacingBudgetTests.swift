import ChirperHTTP
import Testing

/// The process's one request budget, step by step on a clock of our own.
@Suite("request pacing")
struct PacingBudgetTests {
    let zero = ContinuousClock.now

    func starts(_ kinds: [(RequestPacer.Kind, Duration)], budget: PacingBudget = PacingBudget()) -> [Duration] {
        var budget = budget
        return kinds.map { kind, at in budget.reserve(kind, at: zero + at) - zero }
    }

    @Test func threeGoAtOnceThenOneASecond() {
        let asked = Array(repeating: (RequestPacer.Kind.file, Duration.zero), count: 6)
        #expect(starts(asked) == [.zero, .zero, .zero, .seconds(1), .seconds(2), .seconds(3)])
    }

    @Test func aPageAndItsRecordingStartTogetherButPagesStayASecondApart() {
        #expect(starts([(.page, .zero), (.file, .milliseconds(10)), (.page, .milliseconds(20)), (.page, .milliseconds(30))])
            == [.zero, .milliseconds(10), .seconds(1), .seconds(2)])
    }

    /// A page's answer took 300 ms (a new connection): the next page waits a second from the answer, so
    /// that, sent on the kept connection, it still reaches the server a second after the first.
    @Test func pagesAreSpacedFromTheLastPagesAnswer() {
        var budget = PacingBudget()
        #expect(budget.reserve(.page, at: zero) == zero)
        budget.answered(.page, at: zero + .milliseconds(300))
        budget.answered(.file, at: zero + .milliseconds(900))
        #expect(budget.reserve(.page, at: zero + .milliseconds(400)) == zero + .milliseconds(1_300))
    }

    @Test func theBudgetFillsAgainWhileNothingIsAsked() {
        let burst = Array(repeating: (RequestPacer.Kind.file, Duration.zero), count: 3)
        let later = Array(repeating: (RequestPacer.Kind.file, Duration.seconds(10)), count: 4)
        #expect(starts(burst + later) == [.zero, .zero, .zero, .seconds(10), .seconds(10), .seconds(10), .seconds(11)])
    }

    @Test func retriesDrawOnTheSameBudget() {
        // A file asked again three times while a page loads: the fourth request waits its turn.
        #expect(starts([(.page, .zero), (.file, .zero), (.file, .milliseconds(500)), (.file, .milliseconds(600))])
            == [.zero, .zero, .milliseconds(500), .seconds(1)])
    }
}
