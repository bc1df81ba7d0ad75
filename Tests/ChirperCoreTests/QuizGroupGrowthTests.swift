import ChirperCore
import Testing
import XenoCanto

/// New sounds join the group being learnt as its cards mature, each beside the sounds it is closest to.
@Suite("quiz: the group being learnt grows as its cards mature")
struct QuizGroupGrowthTests {
    static let day = 86_400.0
    let keys = QuizPlannerTests.recordings().keys.sorted()

    func card(_ species: String) -> QuizCardKey { QuizCardKey(species: species, soundType: "song") }

    /// A card answered once, still in its steps of minutes.
    static let beingLearnt = QuizPlanner.CardState(card: FSRS().review(FSRS.Card(), .good, at: 0), lastRecording: nil)
    /// A card in review, due in a year.
    static let known = QuizPlanner.CardState(card: FSRS.Card(phase: .review(.init(stability: 400, difficulty: 2)), due: 400 * day, lastReview: 0),
                                             lastRecording: nil)

    func newCards(_ states: [QuizCardKey: QuizPlanner.CardState], new: Int, confusions: [(heard: String, named: String)] = [], seed: UInt64 = 1) -> Set<QuizCardKey> {
        let plan = QuizPlanner(recordings: QuizPlannerTests.recordings(), states: states, confusions: confusions)
            .plan(count: 10, new: new, choices: 0, at: 0, seed: seed)
        return Set(plan.map(\.card)).filter { states[$0] == nil }
    }

    @Test func newCardsJoinOnlyAsTheCardsBeingLearntPassToReview() {
        #expect(Self.beingLearnt.card.phase.isBeingLearnt, "the fixture is a card in its learning steps")
        let learning = Dictionary(uniqueKeysWithValues: keys.prefix(2).map { ($0, Self.beingLearnt) })
        #expect(newCards(learning, new: 3).count == 1, "three at a time: two still being learnt leave room for one")
        #expect(newCards(learning, new: 2).isEmpty, "the group is full until one of them matures")
        let matured = Dictionary(uniqueKeysWithValues: keys.prefix(2).map { ($0, Self.known) })
        #expect(newCards(matured, new: 3).count == 3, "once in review, they leave the group and new ones join")
        #expect(newCards([:], new: 3).count == 3, "a first session teaches as many as asked")
        let elsewhere = [QuizCardKey(species: "Strix aluco", soundType: "call"): Self.beingLearnt]
        #expect(newCards(elsewhere, new: 3).count == 3, "a card being learnt in another set leaves this one's group alone")
    }

    @Test func aNewCardJoinsBesideTheSoundItIsTakenForThenItsGenus() {
        let confused = [(heard: "Parus major", named: "Erithacus rubecula")]
        for seed in UInt64(1)...8 {
            #expect(newCards([card("Parus major"): Self.known], new: 1, confusions: confused, seed: seed) == [card("Erithacus rubecula")],
                    "seed \(seed): the bird it was taken for")
            #expect(newCards([card("Turdus merula"): Self.known], new: 1, seed: seed) == [card("Turdus philomelos")],
                    "seed \(seed): its genus")
        }
        // Nothing learnt yet: the first is the seed's, and the next joins beside it (the Chaffinch is close to none).
        let close: [Set<QuizCardKey>] = [[card("Parus major"), card("Erithacus rubecula")], [card("Turdus merula"), card("Turdus philomelos")]]
        for seed in UInt64(1)...8 {
            let two = newCards([:], new: 2, confusions: confused, seed: seed)
            #expect(close.contains(two) || two.contains(card("Fringilla coelebs")), "seed \(seed): \(two)")
        }
    }
}
