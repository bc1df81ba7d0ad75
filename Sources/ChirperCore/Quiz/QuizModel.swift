import PlaybackModel
import XenoCanto

/// How answers are given: typed (with completion), picked from names offered, or graded by the listener.
public enum QuizMode: Sendable, Equatable {
    case typing
    case choices
    case selfGraded
}

/// How a question ended.
public enum QuizOutcome: Sendable, Equatable {
    case right
    /// Named another species of the set, or a name that is none of them.
    case wrong(named: String)
    /// Enter with nothing typed.
    case gaveUp
}

/// What a question's answer records.
public struct QuizAnswer: Sendable, Equatable {
    public var card: QuizCardKey
    public var recording: String
    /// The species named; nil when none was (gave up, self-graded).
    public var named: String?
    public var rating: FSRS.Rating
    public var hinted: Bool

    public init(card: QuizCardKey, recording: String, named: String?, rating: FSRS.Rating, hinted: Bool) {
        self.card = card
        self.recording = recording
        self.named = named
        self.rating = rating
        self.hinted = hinted
    }

    /// Whether the answer counts as right: the species named was the bird's, or, graded by the listener
    /// (nothing named), graded good or easy. Every count of right answers (the summary, the streak,
    /// `--stats`) asks this.
    public var isRight: Bool { Self.isRight(species: card.species, named: named, rating: rating) }

    public static func isRight(species: String, named: String?, rating: FSRS.Rating) -> Bool {
        guard let named else { return rating == .good || rating == .easy }
        return named == species
    }
}

/// What the model asks its caller to do.
public enum QuizCommand: Sendable, Equatable {
    case play(Recording)
    case listen(ListeningCommand)
    /// Replay the question's recording from its start.
    case replay
    /// Stop the sound: the session is over.
    case stop
    /// Make the sonogram of the question's recording and hand it to `receiveSonogram`.
    case makeSonogram(Recording)
    case record(QuizAnswer)
    /// The compare screen: a recording heard beside one of the species named by mistake, of the
    /// card's sound type when there is one.
    case compare(Recording, withSpecies: String, ofType: String)
    case quit(interrupted: Bool)
}

/// The quiz's screen as a state machine: each question is asked (its sound plays, its names hidden
/// everywhere), answered, revealed, and the session ends with a summary. Keys and the player's events
/// come in; commands go out; the renderer draws whatever state it is in.
public struct QuizModel: Sendable {
    public enum State: Sendable, Equatable {
        /// Question `index`'s card is new: named and played (its introduction), before it is asked.
        case introducing(index: Int)
        /// Question `index` plays; `typed` is the answer so far; `hinted` once the sonogram was shown.
        case asking(index: Int, typed: String, hinted: Bool, completing: Completing?)
        /// Question `index` answered (or, self-graded, revealed and waiting for the listener's rating).
        case revealed(index: Int, typed: String, hinted: Bool, outcome: QuizOutcome?)
        case finished
    }

    /// Tab's cycle: the text it completed from and which completion shows.
    public struct Completing: Sendable, Equatable {
        public var from: String
        public var index: Int

        public init(from: String, index: Int) {
            self.from = from
            self.index = index
        }
    }

    public let questions: [QuizQuestion]
    public let mode: QuizMode
    public let names: QuizNames
    public private(set) var state: State
    public private(set) var playback = PlaybackState.idle
    /// Speed and loop in force, as the player last said (shown beside the question's sound).
    public private(set) var listening = ListeningSettings.normal
    public private(set) var sonogram: SonogramPicture?
    public private(set) var answers: [QuizAnswer] = []
    /// The `?` list of the keys is shown (over the question, which goes on playing).
    public private(set) var showsKeys = false
    /// Self-graded and revealed: how long each grade (again, hard, good, easy) would put the card away,
    /// in seconds, as the session's scheduler says; nil until it has said.
    public private(set) var gradeWaits: [Double]?
    public var width: Int
    /// Ends the session once each species asked has been named right this many times running (`--pairs`).
    public let streakGoal: Int?

    public init(questions: [QuizQuestion], mode: QuizMode, names: QuizNames, width: Int = 80, streakGoal: Int? = nil) {
        self.questions = questions
        self.mode = mode
        self.names = names
        self.width = width
        self.streakGoal = streakGoal
        state = questions.isEmpty ? .finished : Self.entering(0, of: questions)
    }

    /// Question `index` begins: with its introduction when its card is new, else asked.
    private static func entering(_ index: Int, of questions: [QuizQuestion]) -> State {
        questions[index].introduction == nil ? .asking(index: index, typed: "", hinted: false, completing: nil) : .introducing(index: index)
    }

    /// The first question's sound.
    public func start() -> [QuizCommand] { sound() }

    /// The sound of the state entered: an introduction's recording with its sonogram, or the question's.
    private func sound() -> [QuizCommand] {
        switch state {
        case .introducing(let index):
            guard let taught = questions[index].introduction else { return [] }
            return [.play(taught), .makeSonogram(taught)]
        case .asking(let index, _, _, _): return [.play(questions[index].recording)]
        case .revealed, .finished: return []
        }
    }

    public mutating func receive(_ event: PlaybackEvent) {
        guard let recording = sounding else { return }
        playback = playback.applying(event, knownDuration: recording.duration)
        if case .settings(let settings) = event { listening = settings }
    }

    /// The recording the screen plays: the introduction's while a card is introduced, a miss heard
    /// again alone on the summary, else the question's.
    public var sounding: Recording? {
        switch state {
        case .introducing(let index): return questions[index].introduction
        case .finished: return missHeard
        case .asking, .revealed: return current?.recording
        }
    }

    /// The summary's miss heard alone (one given up), while it plays.
    private var missHeard: Recording?

    public mutating func receiveSonogram(_ picture: SonogramPicture) { sonogram = picture }

    public var current: QuizQuestion? {
        switch state {
        case .introducing(let index), .asking(let index, _, _, _), .revealed(let index, _, _, _): questions[index]
        case .finished: nil
        }
    }

    /// The question after the current one, whose sound can be readied while this one plays.
    public var upcoming: Recording? {
        switch state {
        case .introducing(let index): return questions[index].recording
        case .asking(let index, _, _, _) where index + 1 < questions.count:
            return questions[index + 1].introduction ?? questions[index + 1].recording
        case .asking, .revealed, .finished: return nil
        }
    }

    // MARK: Keys

    /// Which keys the quiz takes now: the question's (by mode), the answer's, or the grade's.
    public var keyScreen: KeyScreen {
        switch state {
        case .introducing: .quizIntroduction
        case .asking: .quiz(mode)
        case .revealed(_, _, _, nil): .quizGrade
        case .revealed: .quizAnswer
        case .finished: .quizSummary(misses: !misses.isEmpty)
        }
    }

    public mutating func press(_ key: TerminalKey) -> [QuizCommand] {
        if key == .control("c") { return [.quit(interrupted: true)] }
        if case .alt = key { return key.unalted.flatMap { press($0) } }
        let meaning = KeyMap.meaning(of: key, on: keyScreen)
        // Under the list, only the listening keys work; any other key closes it (and does nothing else).
        if showsKeys {
            guard case .listen(let command)? = meaning else {
                showsKeys = false
                return []
            }
            return [.listen(command)]
        }
        switch state {
        case .finished:
            return summary(meaning)
        case .introducing(let index):
            return introduce(meaning, index: index)
        case .asking(let index, let typed, let hinted, let completing):
            return ask(key, meaning: meaning, index: index, typed: typed, hinted: hinted, completing: completing)
        case .revealed(let index, _, _, _):
            return revealed(meaning, index: index)
        }
    }

    private mutating func ask(_ key: TerminalKey, meaning: KeyMeaning?, index: Int, typed: String, hinted: Bool,
                              completing: Completing?) -> [QuizCommand] {
        let question = questions[index]
        func asking(_ text: String, hint: Bool = hinted, completing: Completing? = nil) {
            state = .asking(index: index, typed: text, hinted: hint, completing: completing)
        }
        switch meaning {
        case .listen(let command)?: return [.listen(command)]
        case .keyList?: showsKeys = true
        case .quit?: return [.stop, .quit(interrupted: false)]
        case .interrupt?: return [.quit(interrupted: true)]
        case .close?:
            // Esc clears what is typed, then quits.
            if typed.isEmpty { return [.stop, .quit(interrupted: false)] }
            asking("")
        case .quiz(.replay)?: return [.replay]
        case .quiz(.sonogram)?:
            asking(typed, hint: true, completing: completing)
            return sonogram == nil ? [.makeSonogram(question.recording)] : []
        case .quiz(.pause)? where typed.isEmpty: return [.listen(.togglePause)]
        case .quiz(.complete)?:
            let from = completing?.from ?? typed
            let options = names.completions(of: from)
            guard !options.isEmpty else { return [] }
            let next = completing.map { ($0.index + 1) % options.count } ?? 0
            asking(options[next], completing: Completing(from: from, index: next))
        case .quiz(.answer)?: return answer(index: index, typed: typed, hinted: hinted)
        case .quiz(.giveUp)?: return answer(index: index, typed: "", hinted: hinted)
        case .quiz(.choose(let number))? where question.choices.indices.contains(number - 1):
            let named = question.choices[number - 1]
            return answer(index: index, typed: names.shown(named), hinted: hinted, picked: named)
        case .quiz(.reveal)?:
            state = .revealed(index: index, typed: "", hinted: hinted, outcome: nil)
            return revealedSonogram(question)
        case .quiz(.pause)?, nil:
            // Typed into the answer.
            guard mode == .typing else { return [] }
            switch key {
            case .character(let character): asking(typed + String(character))
            case .backspace: asking(String(typed.dropLast()))
            default: break
            }
        case .quiz(.choose)?, .quiz(.grade)?, .quiz(.next)?, .quiz(.compare)?, .quiz(.hearMiss)?, .quiz(.test)?, .browse?, .landmark?: break
        }
        return []
    }

    /// Ends the question with what was typed (or `picked` from the choices): right, wrong or given up.
    private mutating func answer(index: Int, typed: String, hinted: Bool, picked: String? = nil) -> [QuizCommand] {
        let question = questions[index]
        let trimmed = typed.trimmed
        let outcome: QuizOutcome
        let named: String?
        if trimmed.isEmpty {
            (outcome, named) = (.gaveUp, nil)
        } else {
            named = picked ?? names.species(named: trimmed)?.scientific
            outcome = named == question.card.species ? .right : .wrong(named: named ?? trimmed)
        }
        state = .revealed(index: index, typed: trimmed, hinted: hinted, outcome: outcome)
        let rating: FSRS.Rating
        switch outcome {
        case .right: rating = question.rating(hinted ? .hard : .good)
        case .wrong, .gaveUp: rating = .again
        }
        return [record(QuizAnswer(card: question.card, recording: question.recording.id, named: named, rating: rating, hinted: hinted))]
            + revealedSonogram(question)
    }

    /// The reveal shows the recording's sonogram: asked for now unless the hint made it already.
    private func revealedSonogram(_ question: QuizQuestion) -> [QuizCommand] {
        sonogram == nil ? [.makeSonogram(question.recording)] : []
    }

    /// Each species asked, with how many of its answers running, to the last, were right (capped at the
    /// goal): `--pairs` shows them. Empty without a goal.
    public var streaks: [(species: String, right: Int)] {
        guard let streakGoal else { return [] }
        var species: [String] = []
        for question in questions where !species.contains(question.card.species) { species.append(question.card.species) }
        return species.map { name in
            let theirs = answers.filter { $0.card.species == name }
            return (name, min(streakGoal, theirs.reversed().prefix { $0.isRight }.count))
        }
    }

    /// Whether every species asked was named right `streakGoal` times running: told apart, not guessed.
    public var streakReached: Bool {
        guard let streakGoal else { return false }
        return streaks.allSatisfy { $0.right >= streakGoal }
    }

    private mutating func record(_ answer: QuizAnswer) -> QuizCommand {
        answers.append(answer)
        return .record(answer)
    }

    /// The scheduler's waits for each grade of the card revealed (self-graded), to show beside the grades.
    public mutating func offer(gradeWaits waits: [Double]) {
        guard case .revealed(_, _, _, nil) = state, waits.count == FSRS.Rating.allCases.count else { return }
        gradeWaits = waits
    }

    /// The question after `index`, or the end (the last asked, or the streak reached).
    private mutating func next(after index: Int) -> [QuizCommand] {
        sonogram = nil
        playback = .idle
        gradeWaits = nil
        guard index + 1 < questions.count, !streakReached else {
            state = .finished
            return [.stop]
        }
        state = Self.entering(index + 1, of: questions)
        return sound()
    }

    /// A key while a new card is introduced: heard again, or asked now (its own recording, a clean screen).
    private mutating func introduce(_ meaning: KeyMeaning?, index: Int) -> [QuizCommand] {
        switch meaning {
        case .listen(let command)?: return [.listen(command)]
        case .keyList?: showsKeys = true
        case .quit?, .close?: return [.stop, .quit(interrupted: false)]
        case .interrupt?: return [.quit(interrupted: true)]
        case .quiz(.replay)?: return [.replay]
        case .quiz(.test)?:
            sonogram = nil
            playback = .idle
            state = .asking(index: index, typed: "", hinted: false, completing: nil)
            return sound()
        case .quiz?, .browse?, .landmark?, nil: break
        }
        return []
    }

    /// The answers that were not right, in the order given: the summary numbers them.
    public var misses: [QuizAnswer] { answers.filter { !$0.isRight } }

    /// A key on the summary: a miss heard again (beside the bird it was taken for, else alone), or leave.
    private mutating func summary(_ meaning: KeyMeaning?) -> [QuizCommand] {
        switch meaning {
        case .quiz(.hearMiss(let number))? where misses.indices.contains(number - 1):
            let miss = misses[number - 1]
            guard let recording = questions.first(where: { $0.recording.id == miss.recording })?.recording else { return [] }
            if let named = miss.named, names.contains(named) {
                return [.compare(recording, withSpecies: named, ofType: miss.card.soundType)]
            }
            missHeard = recording
            playback = .idle
            return [.play(recording)]
        case .listen(let command)?: return [.listen(command)]
        case .keyList?: showsKeys = true
        case .quit?: return [.quit(interrupted: false)]
        case .interrupt?: return [.quit(interrupted: true)]
        case .quiz?, .close?, .browse?, .landmark?, nil: break
        }
        return []
    }

    private mutating func revealed(_ meaning: KeyMeaning?, index: Int) -> [QuizCommand] {
        let question = questions[index]
        switch meaning {
        case .listen(let command)?: return [.listen(command)]
        case .keyList?: showsKeys = true
        case .quit?: return [.quit(interrupted: false)]
        case .interrupt?: return [.quit(interrupted: true)]
        case .quiz(.replay)?: return [.replay]
        case .quiz(.next)?: return next(after: index)
        case .quiz(.compare)?:
            if case .revealed(_, _, _, .wrong(let named)?) = state, names.contains(named) {
                return [.compare(question.recording, withSpecies: named, ofType: question.card.soundType)]
            }
        case .quiz(.grade(let value))?:
            // Self-graded: 1 again, 2 hard, 3 good, 4 easy, and on to the next question (two keys a card).
            guard let rating = FSRS.Rating(rawValue: value), case .revealed(_, _, let hinted, nil) = state else { return [] }
            let recorded = record(QuizAnswer(card: question.card, recording: question.recording.id, named: nil, rating: rating, hinted: hinted))
            return [recorded] + next(after: index)
        case .close?, .quiz?, .browse?, .landmark?, nil: break
        }
        return []
    }
}
