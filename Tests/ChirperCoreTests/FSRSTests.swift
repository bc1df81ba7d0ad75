import ChirperCore
import Testing

/// The scheduler against the reference implementation's own published cases (py-fsrs 6.3.1's
/// tests/test_basic.py): the same ratings at the same times give the same intervals and memory.
@Suite struct FSRSTests {
    static let start = 1_669_725_000.0  // 2022-11-29 12:30 UTC
    let scheduler = FSRS()

    @Test func intervalsOfGoodsThenTwoAgainsThenGoods() {
        let ratings: [FSRS.Rating] = [.good, .good, .good, .good, .good, .good, .again, .again, .good, .good, .good, .good, .good]
        var card = FSRS.Card()
        var now = Self.start
        var intervals: [Int] = []
        for rating in ratings {
            card = scheduler.review(card, rating, at: now)
            intervals.append(Int(((card.due - (card.lastReview ?? 0)) / 86_400).rounded(.down)))
            now = card.due
        }
        #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    }

    @Test func memoryAfterAnAgainAndFiveGoods() {
        let ratings: [FSRS.Rating] = [.again, .good, .good, .good, .good, .good]
        let days = [0, 0, 1, 3, 8, 21]
        var card = FSRS.Card()
        var now = Self.start
        for (rating, wait) in zip(ratings, days) {
            now += Double(wait) * 86_400
            card = scheduler.review(card, rating, at: now)
        }
        let memory = card.phase.memory
        #expect(abs((memory?.stability ?? 0) - 53.62691) < 1e-4, "\(String(describing: memory))")
        #expect(abs((memory?.difficulty ?? 0) - 6.3574867) < 1e-4, "\(String(describing: memory))")
    }

    @Test func easyAgainAndAgainReachesTheLeastDifficulty() {
        var card = FSRS.Card()
        for step in 0..<10 { card = scheduler.review(card, .easy, at: Self.start + Double(step) * 0.000_001) }
        #expect(card.phase.memory?.difficulty == 1)
    }

    @Test func aNewCardIsLearnedInStepsOfMinutesThenDays() {
        let learned = scheduler.review(FSRS.Card(), .good, at: Self.start)
        #expect(learned.due - Self.start == 600, "good on a new card: the second step, 10 minutes")
        #expect(scheduler.review(FSRS.Card(), .again, at: Self.start).due - Self.start == 60)
        #expect(scheduler.review(FSRS.Card(), .hard, at: Self.start).due - Self.start == 330, "between the two steps")
        guard case .review = scheduler.review(FSRS.Card(), .easy, at: Self.start).phase else {
            Issue.record("easy goes into review at once")
            return
        }
    }
}
