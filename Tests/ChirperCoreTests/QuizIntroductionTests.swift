import ChirperCore
import PlaybackModel
import Testing
import XenoCanto

/// Learn, then test: a card new to the listener is named and played before it is asked.
@Suite struct QuizIntroductionTests {
    typealias Q = QuizModelTests

    static func taught(_ recording: Recording, with other: Recording) -> QuizQuestion {
        var question = Q.question(recording)
        question.introduction = other
        return question
    }

    @Test func aNewCardIsNamedAndPlayedThenAskedWithItsOwnRecording() {
        var remarked = Q.recording(9, genus: "Parus", species: "major", english: "Great Tit")
        remarked.remarks = "Song from a high perch, teacher-teacher."
        var model = QuizModel(questions: [Self.taught(Q.tit, with: remarked), Q.question(Q.thrush)], mode: .typing, names: Q.names)
        #expect(model.state == .introducing(index: 0) && model.keyScreen == .quizIntroduction)
        #expect(model.start() == [.play(remarked), .makeSonogram(remarked)], "the other recording plays, its sonogram shown")
        #expect(model.sounding == remarked && model.upcoming == Q.tit, "the question's own recording is readied meanwhile")
        let shown = QuizRenderer.lines(model, title: "quiz").joined(separator: "\n")
        for text in ["New to you: Great Tit (Parus major) · song", "Listen for its song", "The recordist: Song from a high perch", "XC9 ·", "⏎ ask me"] {
            #expect(shown.contains(text), "\(text): \(shown)")
        }
        #expect(model.press(.character("w")) == [], "no answer is typed while it is taught")
        #expect(model.press(.right) == [.listen(.seek(by: 5))], "the listening keys work")
        #expect(model.press(.up) == [.replay])
        #expect(model.press(.enter) == [.play(Q.tit)])
        #expect(model.state == .asking(index: 0, typed: "", hinted: false, completing: nil) && model.sonogram == nil)
        let asked = QuizRenderer.lines(model, title: "quiz").joined(separator: "\n")
        #expect(!asked.contains("Great Tit") && !asked.contains("Parus") && asked.contains("Which bird is it?"), "asked: the name hidden again")
        // The next question's card is known: asked at once.
        _ = "great tit".flatMap { model.press(.character($0)) }
        _ = model.press(.enter)
        #expect(model.press(.enter) == [.play(Q.thrush)] && model.state == .asking(index: 1, typed: "", hinted: false, completing: nil))
    }

    /// A card with one recording is taught with it: named right just after, it counts as hard (heard, named
    /// and seen a moment ago), not good; a self-grade is taken as given.
    @Test func aRightAnswerOnTheFileJustTaughtCountsAsHard() {
        var model = QuizModel(questions: [Self.taught(Q.tit, with: Q.tit)], mode: .typing, names: Q.names)
        _ = model.press(.enter)
        _ = "great tit".flatMap { model.press(.character($0)) }
        let commands = model.press(.enter)
        #expect(commands.first == .record(QuizAnswer(card: Q.question(Q.tit).card, recording: "1", named: "Parus major", rating: .hard, hinted: false)))
        var graded = QuizModel(questions: [Self.taught(Q.tit, with: Q.tit)], mode: .selfGraded, names: Q.names)
        _ = graded.press(.enter)
        _ = graded.press(.enter)
        #expect(graded.press(.character("4")).first == .record(QuizAnswer(card: Q.question(Q.tit).card, recording: "1", named: nil, rating: .easy, hinted: false)))
    }

    @Test func qOrEscWhileTaughtEndsTheSessionAndTheSessionReplaysTheIntroduction() {
        var model = QuizModel(questions: [Self.taught(Q.tit, with: Q.blackbird)], mode: .choices, names: Q.names)
        #expect(model.press(.character("q")) == [.stop, .quit(interrupted: false)])
        var escaped = QuizModel(questions: [Self.taught(Q.tit, with: Q.blackbird)], mode: .typing, names: Q.names)
        #expect(escaped.press(.escape) == [.stop, .quit(interrupted: false)])
        var session = QuizSession(quiz: QuizModel(questions: [Self.taught(Q.tit, with: Q.blackbird)], mode: .typing, names: Q.names),
                                  cards: [:], recordings: [:])
        #expect(session.handle(.keys([.up]), at: 0) == [.play(Q.blackbird)], "↑ plays the recording it is taught with")
    }

    /// The planner introduces each new card once, on its first question, with another of its recordings;
    /// cards already learnt are asked at once, and a review introduces nothing.
    @Test func eachNewCardIsIntroducedOnceWithAnotherRecording() {
        let recordings = QuizPlannerTests.recordings()
        let known = QuizCardKey(species: "Parus major", soundType: "song")
        let learnt = QuizPlanner.CardState(card: FSRS().review(FSRS.Card(), .good, at: 0), lastRecording: nil)
        let plan = QuizPlanner(recordings: recordings, states: [known: learnt], confusions: []).plan(count: 10, new: 4, choices: 0, at: 0, seed: 5)
        for card in Set(plan.map(\.card)) {
            let asked = plan.filter { $0.card == card }
            if card == known {
                #expect(asked.allSatisfy { $0.introduction == nil }, "a card learnt is not taught again")
            } else {
                #expect(asked.first?.introduction != nil && asked.dropFirst().allSatisfy { $0.introduction == nil }, "\(card): taught once, first")
                let first = asked.first
                let taughtWith: Recording? = first?.introduction
                #expect(taughtWith != nil && taughtWith?.id != first?.recording.id && taughtWith?.binomial == card.species, "another recording of it")
            }
        }
        let due = [known: QuizPlanner.CardState(card: FSRS.Card(phase: .review(.init(stability: 1, difficulty: 5)), due: 0, lastReview: 0), lastRecording: nil)]
        #expect(QuizPlanner(recordings: recordings, states: due, confusions: []).review(count: 5, choices: 0, at: 1, seed: 1).allSatisfy { $0.introduction == nil })
    }
}
