import ChirperCore
import PlaybackModel
import Testing
import XenoCanto

/// The quiz screen's whole state, transition by transition: an answer scheduled and saved, a save the
/// library refused, the compare screen opened and its end, leaving.
@Suite struct QuizSessionTests {
    typealias Q = QuizModelTests
    static let tit = Q.tit, thrush = Q.thrush, blackbird = Q.blackbird
    static let otherBlackbird = Q.recording(4, genus: "Turdus", species: "merula", english: "Common Blackbird")

    static func session(_ questions: [Recording], mode: QuizMode = .typing) -> QuizSession {
        let recordings = Dictionary(grouping: [tit, thrush, blackbird, otherBlackbird]) { QuizCardKey.keys(of: $0)[0] }
        return QuizSession(quiz: QuizModel(questions: questions.map { Q.question($0) }, mode: mode, names: Q.names), cards: [:], recordings: recordings)
    }

    static func typing(_ text: String) -> QuizSession.Input { .keys(text.map { .character($0) }) }

    @Test func anAnswerIsScheduledFromTheCardsStateAndSaved() {
        var session = Self.session([Self.tit, Self.thrush])
        #expect(session.start() == [.play(Self.tit)])
        #expect(session.handle(Self.typing("great tit"), at: 1_000).isEmpty)
        let effects = session.handle(.keys([.enter]), at: 1_000)
        let key = QuizCardKey(species: "Parus major", soundType: "song")
        let card = FSRS().review(FSRS.Card(), .good, at: 1_000)
        #expect(effects == [.save(QuizAnswer(card: key, recording: "1", named: "Parus major", rating: .good, hinted: false), card: card, at: 1_000),
                            .makeSonogram(Self.tit)])
        #expect(session.cards[key] == card, "the card as the scheduler left it, for the next answer about it")
        #expect(session.handle(.keys([.enter]), at: 1_010) == [.play(Self.thrush)])
    }

    /// Self-graded: the reveal is offered each grade's wait from the card's state, as the scheduler would
    /// set it; the grade saves the card and the next question plays.
    @Test func aSelfGradedRevealShowsEachGradesWaitAndTheGradeGoesOn() {
        var session = Self.session([Self.tit, Self.thrush], mode: .selfGraded)
        _ = session.start()
        #expect(session.handle(.keys([.enter]), at: 5_000) == [.makeSonogram(Self.tit)])
        let waits = FSRS.Rating.allCases.map { FSRS().review(FSRS.Card(), $0, at: 5_000).due - 5_000 }
        #expect(session.quiz.gradeWaits == waits)
        let effects = session.handle(.keys([.character("1")]), at: 5_000)
        #expect(effects.last == .play(Self.thrush) && effects.count == 2, "\(effects)")
        #expect(session.quiz.gradeWaits == nil)
    }

    @Test func aSaveTheLibraryRefusedIsSaidAndCountedAndTheNextAnswerClearsTheLine() {
        var session = Self.session([Self.tit, Self.thrush])
        _ = session.start()
        _ = session.handle(Self.typing("great tit"), at: 0)
        _ = session.handle(.keys([.enter]), at: 0)
        #expect(session.handle(.notKept("the library is busy"), at: 0).isEmpty)
        #expect(session.notice == "✗ that answer was not kept: the library is busy" && session.notKept == 1)
        _ = session.handle(.keys([.enter]), at: 0)
        _ = session.handle(Self.typing("song thrush"), at: 0)
        _ = session.handle(.keys([.enter]), at: 0)
        #expect(session.notice == nil && session.notKept == 1)
    }

    @Test func cAfterAConfusionOpensTheCompareScreenWithAnotherRecordingOfTheBirdNamed() {
        var session = Self.session([Self.thrush])
        _ = session.start()
        _ = session.handle(Self.typing("common blackbird"), at: 0)
        _ = session.handle(.keys([.enter]), at: 0)
        #expect(session.handle(.keys([.character("c")]), at: 0) == [.stop, .compare(heard: Self.thrush, other: Self.blackbird)])
        #expect(session.handle(.compareEnded(status: 1), at: 0).isEmpty)
        #expect(session.notice == "✗ the compare screen could not open (chirper compare XC2 XC3).")
        _ = session.handle(.keys([.character("c")]), at: 0)
        #expect(session.handle(.compareEnded(status: 0), at: 0).isEmpty && session.notice == nil && session.ending == nil)
        _ = session.handle(.keys([.character("c")]), at: 0)
        #expect(session.handle(.compareEnded(status: 130), at: 0) == [.stop] && session.ending == .interrupted,
                "Ctrl-C on the compare screen ends the quiz too")
    }

    @Test func leavingEndsTheSessionAndNothingAfterCounts() {
        var session = Self.session([Self.tit, Self.thrush], mode: .choices)
        _ = session.start()
        #expect(session.handle(.keys([.character("q"), .character("1")]), at: 0) == [.stop, .stop] && session.ending == .finished)
        #expect(session.handle(.keys([.enter]), at: 0).isEmpty && session.quiz.answers.isEmpty, "keys after q are not read")
        var stopped = Self.session([Self.tit])
        _ = stopped.start()
        #expect(stopped.handle(.terminate, at: 0) == [.stop] && stopped.ending == .interrupted)
    }

    @Test func aSonogramOfAnotherQuestionIsNotShown() {
        var session = Self.session([Self.tit])
        _ = session.start()
        let picture = SonogramPicture(Spectrogram(sampleRate: 48_000, binCount: 2, columnSeconds: 0.01, columns: [[0.5, 0.5]]), width: 4, height: 2)
        _ = session.handle(.sonogram(id: "2", picture), at: 0)
        #expect(session.quiz.sonogram == nil)
        _ = session.handle(.sonogram(id: "1", picture), at: 0)
        #expect(session.quiz.sonogram == picture)
    }
}
