import ChirperCore
import PlaybackModel
import Testing
import XenoCanto

/// The quiz's screen as a state machine: asking, answered, revealed, finished; and what it draws.
@Suite struct QuizModelTests {
    static func recording(_ id: Int, genus: String, species: String, english: String, type: String = "song") -> Recording {
        Recording(id: String(id), genus: genus, species: species, englishName: english, recordist: "Ana Sousa", country: "France",
                  soundType: type, fileURL: "https://example.org/\(id).mp3", licence: "//creativecommons.org/licenses/by/4.0/",
                  quality: "A", length: "0:05")
    }

    static let tit = recording(1, genus: "Parus", species: "major", english: "Great Tit")
    static let thrush = recording(2, genus: "Turdus", species: "philomelos", english: "Song Thrush")
    static let blackbird = recording(3, genus: "Turdus", species: "merula", english: "Common Blackbird")
    static let names = QuizNames([QuizSpecies(scientific: "Parus major", english: "Great Tit"),
                                  QuizSpecies(scientific: "Turdus philomelos", english: "Song Thrush"),
                                  QuizSpecies(scientific: "Turdus merula", english: "Common Blackbird")])

    static func question(_ recording: Recording, choices: [String] = []) -> QuizQuestion {
        QuizQuestion(card: QuizCardKey.keys(of: recording)[0], recording: recording, choices: choices)
    }

    func type(_ text: String, into model: inout QuizModel) -> [QuizCommand] {
        text.flatMap { model.press(.character($0)) }
    }

    @Test func aTypedAnswerForgivingCaseAndATypoIsRightAndTheNextQuestionPlays() {
        var model = QuizModel(questions: [Self.question(Self.tit), Self.question(Self.thrush)], mode: .typing, names: Self.names)
        #expect(model.start() == [.play(Self.tit)])
        _ = type("great tti", into: &model)
        let commands = model.press(.enter)
        #expect(commands == [.record(QuizAnswer(card: QuizCardKey(species: "Parus major", soundType: "song"), recording: "1",
                                                named: "Parus major", rating: .good, hinted: false)), .makeSonogram(Self.tit)],
                "the answer kept, and the sonogram asked for the reveal")
        #expect(model.state == .revealed(index: 0, typed: "great tti", hinted: false, outcome: .right))
        #expect(model.press(.enter) == [.play(Self.thrush)])
        #expect(model.state == .asking(index: 1, typed: "", hinted: false, completing: nil))
    }

    /// ? lists the quiz's keys over the question (never part of a name, so it opens while typing too);
    /// Under it only the listening keys work; any other key closes it, and what was typed is kept.
    @Test func questionMarkListsTheKeysAndClosesWithoutLosingTheAnswer() {
        var model = QuizModel(questions: [Self.question(Self.tit)], mode: .typing, names: Self.names)
        _ = type("gre", into: &model)
        #expect(model.press(.character("?")) == [] && model.showsKeys)
        let shown = QuizRenderer.lines(model, title: "quiz").joined(separator: "\n")
        #expect(shown.contains("Keys — ") && shown.contains("Tab") && shown.contains("complete the name") && !shown.contains("Which bird"), "\(shown)")
        #expect(model.press(.right) == [.listen(.seek(by: 5))], "listening keys still work under the list")
        #expect(model.press(.enter) == [] && !model.showsKeys, "any other key closes the list, and does nothing else: no answer")
        _ = model.press(.character("?"))
        #expect(model.press(.escape) == [] && !model.showsKeys, "Esc closes the list, not the quiz")
        #expect(model.state == .asking(index: 0, typed: "gre", hinted: false, completing: nil))
        #expect(model.press(.character("-")) == [] && model.state == .asking(index: 0, typed: "gre-", hinted: false, completing: nil), "- is typed")
        var choosing = QuizModel(questions: [Self.question(Self.tit, choices: ["Parus major", "Turdus merula"])], mode: .choices, names: Self.names)
        #expect(choosing.press(.character("-")) == [.listen(.volume(by: -0.1))], "with choices, - turns the volume down")
        #expect(choosing.press(.character("n")) == [], "one recording: no next")
        // The speed a key set is shown beside the question's sound, as on every screen that plays.
        let slow = ListeningSettings(speed: PlaybackSpeed(rate: 0.5, tape: false), loop: .none)
        choosing.receive(.started(duration: 5))
        choosing.receive(.settings(slow))
        let sound = QuizRenderer.lines(choosing, title: "quiz").first { $0.hasPrefix("♪") } ?? ""
        #expect(sound.contains(slow.description), "\(sound)")
        let bar = QuizRenderer.lines(choosing, title: "quiz").last ?? ""
        #expect(bar.contains("1–9 answer") && bar.hasSuffix("? keys"), "\(bar)")
    }

    /// Once an answer is shown the keys are the answer's (⏎ n space on, c compare) and the listening
    /// keys it leaves free work on the sound still playing; its `?` list is of those keys, and under it
    /// space closes the list rather than going on. A grade takes 1–4, and space pauses there.
    @Test func theAnswerAndTheGradeHaveKeysAndAListOfTheirOwn() {
        var model = QuizModel(questions: [Self.question(Self.tit), Self.question(Self.thrush)], mode: .typing, names: Self.names)
        _ = model.start()
        _ = type("song thrush", into: &model)
        _ = model.press(.enter)
        #expect(model.keyScreen == .quizAnswer)
        #expect(model.press(.right) == [.listen(.seek(by: 5))] && model.press(.character("]")) == [.listen(.speed(.faster))])
        #expect(model.press(.character("?")) == [] && model.showsKeys)
        let shown = QuizRenderer.lines(model, title: "quiz").joined(separator: "\n")
        #expect(shown.contains("next question") && shown.contains("compare with the one named") && !shown.contains("complete the name"), "\(shown)")
        #expect(model.press(.character(" ")) == [] && !model.showsKeys, "space closes the list, the answer stays")
        #expect(model.press(.character("c")) == [.compare(Self.tit, withSpecies: "Turdus philomelos", ofType: "song")])
        #expect(model.press(.character(" ")) == [.play(Self.thrush)])

        var grading = QuizModel(questions: [Self.question(Self.tit)], mode: .selfGraded, names: Self.names)
        _ = grading.start()
        _ = grading.press(.character("r"))
        #expect(grading.keyScreen == .quizGrade)
        #expect(grading.press(.character(" ")) == [.listen(.togglePause)], "space pauses while grading")
        #expect(grading.press(.character("7")) == [], "no grade 7")
        let graded = grading.press(.character("4"))
        #expect(graded.first == .record(QuizAnswer(card: QuizCardKey.keys(of: Self.tit)[0], recording: "1", named: nil, rating: .easy, hinted: false)))
        #expect(grading.state == .finished)
    }

    /// The summary numbers each miss; its number hears it again beside the bird it was taken for (the
    /// compare screen), or alone when none was named; a number past the misses does nothing.
    @Test func theSummaryHearsEachMissAgainBesideTheBirdTakenForIt() {
        var model = QuizModel(questions: [Self.question(Self.tit), Self.question(Self.thrush), Self.question(Self.blackbird)],
                              mode: .typing, names: Self.names)
        _ = model.start()
        _ = type("song thrush", into: &model)
        _ = model.press(.enter)
        _ = model.press(.enter)
        _ = model.press(.enter)  // given up
        _ = model.press(.enter)
        _ = type("common blackbird", into: &model)
        _ = model.press(.enter)
        _ = model.press(.enter)
        #expect(model.state == .finished && model.keyScreen == .quizSummary(misses: true))
        let shown = QuizRenderer.lines(model, title: "quiz")
        #expect(shown.contains { $0.hasPrefix("  1  Great Tit") && $0.contains("taken for Song Thrush") }, "\(shown)")
        #expect(shown.contains { $0.hasPrefix("  2  Song Thrush") && $0.contains("given up") }, "\(shown)")
        #expect(shown.last?.contains("1–9 hear a miss") == true, "\(shown)")
        #expect(model.press(.character("1")) == [.compare(Self.tit, withSpecies: "Turdus philomelos", ofType: "song")])
        #expect(model.press(.character("2")) == [.play(Self.thrush)])
        // Heard alone, its sound is shown as it plays.
        model.receive(.started(duration: 5))
        model.receive(.position(elapsed: 1, duration: 5))
        #expect(QuizRenderer.lines(model, title: "quiz").contains { $0.hasPrefix("♪ XC2 ▶ 0:01 / 0:05") }, "\(QuizRenderer.lines(model, title: "quiz"))")
        #expect(model.press(.character("3")) == [], "two misses")
        #expect(model.press(.enter) == [.quit(interrupted: false)])

        var clean = QuizModel(questions: [Self.question(Self.tit)], mode: .typing, names: Self.names)
        _ = clean.start()
        _ = type("great tit", into: &clean)
        _ = clean.press(.enter)
        _ = clean.press(.enter)
        #expect(clean.keyScreen == .quizSummary(misses: false) && clean.press(.character("1")) == [])
        #expect(QuizRenderer.lines(clean, title: "quiz").last?.contains("hear a miss") == false)
    }

    /// The pairs drill ends when each of the two has been named right `streakGoal` times running (not
    /// when any answers in a row were lucky guesses), and its heading shows each one's run.
    @Test func aDrillEndsWhenEachOfThePairIsNamedRightTimesRunning() {
        let pair = ["Parus major", "Turdus philomelos"]
        let questions = [Self.tit, Self.thrush, Self.tit, Self.thrush, Self.tit, Self.thrush].map { Self.question($0, choices: pair) }
        var model = QuizModel(questions: questions, mode: .choices, names: Self.names, streakGoal: 2)
        func answer(_ right: Bool) {
            let species = model.current!.card.species
            let number = (pair.firstIndex(of: species)! + (right ? 0 : 1)) % 2 + 1
            _ = model.press(.character(Character(String(number))))
            _ = model.press(.enter)
        }
        answer(true)   // tit 1
        answer(true)   // thrush 1
        answer(false)  // tit 0
        #expect(QuizRenderer.lines(model, title: "pairs")[1] == "Right running: Great Tit 0/2 · Song Thrush 1/2",
                "\(QuizRenderer.lines(model, title: "pairs"))")
        answer(true)   // thrush 2
        #expect(model.state != .finished, "three right of four in a row is not each of the two twice")
        answer(true)   // tit 1
        #expect(model.state != .finished)
        answer(true)   // thrush 3, tit still 1
        #expect(model.state == .finished && !model.streakReached, "the questions ran out first")
        var lucky = QuizModel(questions: questions, mode: .choices, names: Self.names, streakGoal: 2)
        model = lucky
        for _ in 0..<4 { answer(true) }
        lucky = model
        #expect(lucky.state == .finished && lucky.streakReached, "each twice running: told apart")
    }

    @Test func aWrongNameIsAConfusionAndGivingUpIsAgain() {
        var model = QuizModel(questions: [Self.question(Self.thrush), Self.question(Self.tit)], mode: .typing, names: Self.names)
        _ = type("common blackbird", into: &model)
        guard case .record(let wrong)? = model.press(.enter).first else { Issue.record("recorded"); return }
        #expect(wrong.named == "Turdus merula" && wrong.rating == .again)
        #expect(model.state == .revealed(index: 0, typed: "common blackbird", hinted: false, outcome: .wrong(named: "Turdus merula")))
        #expect(model.press(.character("c")) == [.compare(Self.thrush, withSpecies: "Turdus merula", ofType: "song")])
        _ = model.press(.enter)
        guard case .record(let gaveUp)? = model.press(.enter).first else { Issue.record("recorded"); return }
        #expect(gaveUp.named == nil && gaveUp.rating == .again)
        _ = model.press(.enter)
        #expect(model.state == .finished)
        // The summary lists what was missed: heard → taken for, and what was given up.
        let summary = QuizRenderer.lines(model, title: "quiz")
        #expect(summary.contains("  1  Song Thrush (Turdus philomelos) · song (XC2) — taken for Common Blackbird (Turdus merula)"), "\(summary)")
        #expect(summary.contains("  2  Great Tit (Parus major) · song (XC1) — given up"), "\(summary)")
    }

    @Test func theSonogramHintCountsAsHardAndTabCompletesAndCycles() {
        var model = QuizModel(questions: [Self.question(Self.tit)], mode: .typing, names: Self.names)
        #expect(model.press(.control("s")) == [.makeSonogram(Self.tit)])
        _ = type("T", into: &model)
        _ = model.press(.tab)
        #expect(model.state == .asking(index: 0, typed: "Turdus merula", hinted: true, completing: .init(from: "T", index: 0)))
        _ = model.press(.tab)
        #expect(model.state == .asking(index: 0, typed: "Turdus philomelos", hinted: true, completing: .init(from: "T", index: 1)))
        _ = model.press(.escape)
        _ = type("Great Tit", into: &model)
        guard case .record(let answer)? = model.press(.enter).first else { Issue.record("recorded"); return }
        #expect(answer.rating == .hard && answer.hinted)
    }

    @Test func aChoiceIsPickedByItsNumberAndSelfGradingShowsEachGradesWaitAndGoesOn() {
        var model = QuizModel(questions: [Self.question(Self.tit, choices: ["Turdus merula", "Parus major"])], mode: .choices, names: Self.names)
        guard case .record(let picked)? = model.press(.character("2")).first else { Issue.record("recorded"); return }
        #expect(picked.named == "Parus major" && picked.rating == .good)

        var graded = QuizModel(questions: [Self.question(Self.tit)], mode: .selfGraded, names: Self.names)
        #expect(graded.press(.enter) == [.makeSonogram(Self.tit)])
        #expect(graded.state == .revealed(index: 0, typed: "", hinted: false, outcome: nil))
        // Each grade with how long it puts the card away, once the session's scheduler has said.
        #expect(QuizRenderer.lines(graded, title: "quiz").contains("How was it? 1 again · 2 hard · 3 good · 4 easy"))
        graded.offer(gradeWaits: [60, 6 * 3600, 3 * 86_400, 120 * 86_400])
        #expect(QuizRenderer.lines(graded, title: "quiz").contains("How was it? 1 again (1 min) · 2 hard (6 h) · 3 good (3 days) · 4 easy (4 months)"))
        // One key grades and goes on: two keys a card.
        #expect(graded.press(.character("3")) == [.record(QuizAnswer(card: QuizCardKey(species: "Parus major", soundType: "song"),
                                                                      recording: "1", named: nil, rating: .good, hinted: false)), .stop])
        #expect(graded.state == .finished && graded.gradeWaits == nil)
    }

    @Test func theNameIsOnNoLineBeforeTheRevealAndOnTheRevealItIs() {
        var model = QuizModel(questions: [Self.question(Self.tit, choices: [])], mode: .typing, names: Self.names, width: 100)
        model.receive(.started(duration: 5))
        model.receive(.position(elapsed: 2, duration: 5))
        _ = type("gr", into: &model)
        let asking = QuizRenderer.lines(model, title: "chirper quiz · pack:trip")
        #expect(!asking.joined().contains("Great Tit") && !asking.joined().contains("Parus") && !asking.joined().contains("XC1"), "\(asking)")
        #expect(asking.contains("Which bird is it? gr▏") && asking[2].hasPrefix("♪ ▶ 0:02"), "\(asking)")
        _ = model.press(.backspace)
        _ = model.press(.backspace)
        _ = type("song thrush", into: &model)
        _ = model.press(.enter)
        let revealed = QuizRenderer.lines(model, title: "chirper quiz · pack:trip")
        #expect(revealed.contains("✗ Not Song Thrush (Turdus philomelos): it was Great Tit (Parus major) · song"), "\(revealed)")
        #expect(revealed.contains("XC1 · France · Ana Sousa · CC BY 4.0") && revealed.contains("You answered: song thrush"), "\(revealed)")
    }
}

/// The session's plan: what is asked, with which recording and which names beside it; the same with a seed.
@Suite struct QuizPlannerTests {
    static let day = 86_400.0

    static func recordings() -> [QuizCardKey: [Recording]] {
        var table: [QuizCardKey: [Recording]] = [:]
        let species = [("Parus", "major", "Great Tit"), ("Turdus", "merula", "Common Blackbird"), ("Turdus", "philomelos", "Song Thrush"),
                       ("Erithacus", "rubecula", "European Robin"), ("Fringilla", "coelebs", "Common Chaffinch")]
        for (index, (genus, name, english)) in species.enumerated() {
            let key = QuizCardKey(species: genus + " " + name, soundType: "song")
            table[key] = (0..<3).map { QuizModelTests.recording(index * 10 + $0, genus: genus, species: name, english: english) }
        }
        return table
    }

    @Test func theSameSeedGivesTheSameSessionAndAnotherRecordingThanLastTime() {
        let key = QuizCardKey(species: "Parus major", soundType: "song")
        let learned = FSRS().review(FSRS.Card(), .easy, at: 0)
        let planner = QuizPlanner(recordings: Self.recordings(), states: [key: .init(card: learned, lastRecording: "0")], confusions: [])
        let once = planner.plan(count: 6, new: 5, choices: 4, at: 100 * Self.day, seed: 7)
        #expect(once == planner.plan(count: 6, new: 5, choices: 4, at: 100 * Self.day, seed: 7))
        #expect(once.count == 6)
        let first = once.first { $0.card == key }
        #expect(first != nil && first?.recording.id != "0", "a due card is asked, with another recording than the last")
        #expect(once.allSatisfy { $0.choices.count == 4 && $0.choices.contains($0.card.species) })
    }

    @Test func aSessionMixesCardsAlreadyKnownNotOnlyTheWeakest() {
        var states: [QuizCardKey: QuizPlanner.CardState] = [:]
        let keys = Self.recordings().keys.sorted()
        // Two due (weak), three known and not due for a year.
        for key in keys.prefix(2) { states[key] = .init(card: FSRS.Card(phase: .review(.init(stability: 1, difficulty: 8)), due: 0, lastReview: 0), lastRecording: nil) }
        for key in keys.dropFirst(2) { states[key] = .init(card: FSRS.Card(phase: .review(.init(stability: 400, difficulty: 2)), due: 400 * Self.day, lastReview: 0), lastRecording: nil) }
        let plan = QuizPlanner(recordings: Self.recordings(), states: states, confusions: []).plan(count: 3, new: 0, choices: 0, at: Self.day, seed: 1)
        #expect(plan.filter { keys.dropFirst(2).contains($0.card) }.count >= 1, "\(plan.map(\.card))")
        #expect(plan.filter { keys.prefix(2).contains($0.card) }.count == 2, "\(plan.map(\.card))")
    }

    /// A review asks each card due once, the most overdue first: not the known cards, not new ones, and
    /// never one card again to fill the count; its names are offered from every species held.
    @Test func aReviewAsksEachCardDueOnceAndNothingElse() {
        var states: [QuizCardKey: QuizPlanner.CardState] = [:]
        let keys = Self.recordings().keys.sorted()
        states[keys[0]] = .init(card: FSRS.Card(phase: .review(.init(stability: 1, difficulty: 8)), due: 0.5 * Self.day, lastReview: 0), lastRecording: nil)
        states[keys[1]] = .init(card: FSRS.Card(phase: .review(.init(stability: 1, difficulty: 8)), due: 0.2 * Self.day, lastReview: 0), lastRecording: nil)
        states[keys[2]] = .init(card: FSRS.Card(phase: .review(.init(stability: 400, difficulty: 2)), due: 400 * Self.day, lastReview: 0), lastRecording: nil)
        let review = QuizPlanner(recordings: Self.recordings(), states: states, confusions: []).review(count: 20, choices: 4, at: Self.day, seed: 1)
        #expect(review.map(\.card) == [keys[1], keys[0]], "each due card once, the most overdue first")
        let all = Set(keys.map(\.species))
        #expect(review.allSatisfy { $0.choices.count == 4 && Set($0.choices).isSubset(of: all) && $0.choices.contains($0.card.species) })
    }

    @Test func theNamesOfferedAreThoseItWasTakenForThenItsGenus() {
        let planner = QuizPlanner(recordings: Self.recordings(), states: [:],
                                  confusions: [(heard: "Parus major", named: "Erithacus rubecula"), (heard: "Parus major", named: "Erithacus rubecula")])
        var random = SeededRandom(seed: 3)
        let offered = planner.offered(for: "Turdus merula", count: 2, random: &random)
        #expect(Set(offered) == ["Turdus merula", "Turdus philomelos"], "the same genus first")
        // Every card once: the Great Tit's question offers the species it was taken for.
        let confused = planner.plan(count: 5, new: 5, choices: 2, at: 0, seed: 3).first { $0.card.species == "Parus major" }
        #expect(confused.map { Set($0.choices) } == ["Parus major", "Erithacus rubecula"], "\(String(describing: confused))")
        var again = SeededRandom(seed: 3)
        #expect(Set(planner.offered(for: "Parus major", count: 2, random: &again)) == ["Parus major", "Erithacus rubecula"])
    }
}
