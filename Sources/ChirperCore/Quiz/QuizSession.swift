import PlaybackModel
import XenoCanto

/// What the quiz's screen asks its loop to do: the only effects of a session.
public enum QuizEffect: Sendable, Equatable {
    case play(Recording)
    case listen(ListeningCommand)
    case stop
    /// Make `recording`'s sonogram and hand it back as `.sonogram`.
    case makeSonogram(Recording)
    /// Keep an answer, and its card as the scheduler left it, in the library; a refusal comes back as
    /// `.notKept`.
    case save(QuizAnswer, card: FSRS.Card, at: Double)
    /// Lend the terminal to the compare screen with these two recordings; its exit status comes back as
    /// `.compareEnded`.
    case compare(heard: Recording, other: Recording)
}

/// The quiz screen's whole state: the questions' model (`QuizModel`), each card as the scheduler left it,
/// the line the screen shows about the library or the compare screen, how many answers the library did
/// not keep, and how the session ended. Inputs in, effects out; its loop only carries the effects out.
public struct QuizSession: Sendable {
    public enum Input: Sendable {
        case keys([TerminalKey])
        case playback(PlaybackEvent)
        /// The sonogram of recording `id`, drawn to its picture's size.
        case sonogram(id: String, SonogramPicture)
        /// The library refused or did not answer a save: why.
        case notKept(String)
        /// The compare screen ended with this exit status.
        case compareEnded(status: Int32)
        /// SIGINT or SIGTERM from outside.
        case terminate
    }

    /// How the session ended.
    public enum Ending: Sendable, Equatable {
        case finished
        case interrupted
    }

    public private(set) var quiz: QuizModel
    /// Each card's scheduling, as read from the library and changed by this session's answers.
    public private(set) var cards: [QuizCardKey: FSRS.Card]
    /// The line under the screen: why an answer was not kept, or why the compare screen did not open.
    public private(set) var notice: String?
    public private(set) var notKept = 0
    /// Set once the session is over; the loop stops reading then.
    public private(set) var ending: Ending?
    /// The set's recordings by card: `c` picks one of the species named by mistake from them.
    public let recordings: [QuizCardKey: [Recording]]
    private let scheduler: FSRS
    /// The XC numbers on the compare screen while it is open.
    private var comparing: (heard: String, other: String)?

    public init(quiz: QuizModel, cards: [QuizCardKey: FSRS.Card], recordings: [QuizCardKey: [Recording]], scheduler: FSRS = FSRS()) {
        self.quiz = quiz
        self.cards = cards
        self.recordings = recordings
        self.scheduler = scheduler
    }

    /// The first question's sound.
    public mutating func start() -> [QuizEffect] { effects(of: quiz.start(), at: 0) }

    /// `now`: seconds since 1970, when an answer is scheduled.
    public mutating func handle(_ input: Input, at now: Double) -> [QuizEffect] {
        guard ending == nil else { return [] }
        switch input {
        case .keys(let keys):
            var effects: [QuizEffect] = []
            for key in keys where ending == nil { effects += self.effects(of: quiz.press(key), at: now) }
            offerGradeWaits(at: now)
            return effects
        case .playback(let event):
            quiz.receive(event)
        case .sonogram(let id, let picture):
            if quiz.sounding?.id == id { quiz.receiveSonogram(picture) }
        case .notKept(let reason):
            notice = "✗ that answer was not kept: " + reason
            notKept += 1
        case .compareEnded(let status):
            let compared = comparing
            comparing = nil
            if status == 130 {
                ending = .interrupted
                return [.stop]
            }
            notice = status == 0 ? nil : "✗ the compare screen could not open" + (compared.map { " (chirper compare XC\($0.heard) XC\($0.other))." } ?? ".")
        case .terminate:
            ending = .interrupted
            return [.stop]
        }
        return []
    }

    /// The screen's width, which sizes the sonogram asked for.
    public mutating func fit(width: Int) { quiz.width = width }

    /// A save the library refused after the session ended, counted for the summary.
    public mutating func countNotKept() { notKept += 1 }

    private mutating func effects(of commands: [QuizCommand], at now: Double) -> [QuizEffect] {
        commands.flatMap { command -> [QuizEffect] in
            switch command {
            case .play(let recording): return [.play(recording)]
            case .replay: return quiz.sounding.map { [.play($0)] } ?? []
            case .listen(let listening): return [.listen(listening)]
            case .stop: return [.stop]
            case .makeSonogram(let recording): return [.makeSonogram(recording)]
            case .record(let answer):
                let card = scheduler.review(cards[answer.card] ?? FSRS.Card(), answer.rating, at: now)
                cards[answer.card] = card
                notice = nil
                return [.save(answer, card: card, at: now)]
            case .compare(let heard, let species, let type):
                guard let other = other(than: heard, of: species, type: type) else { return [] }
                comparing = (heard.id, other.id)
                return [.stop, .compare(heard: heard, other: other)]
            case .quit(let interrupted):
                ending = interrupted ? .interrupted : .finished
                return [.stop]
            }
        }
    }

    /// A self-graded card just revealed: how long each grade would put it away, from its state now.
    private mutating func offerGradeWaits(at now: Double) {
        guard case .revealed(_, _, _, nil) = quiz.state, quiz.gradeWaits == nil, let card = quiz.current?.card else { return }
        let held = cards[card] ?? FSRS.Card()
        quiz.offer(gradeWaits: FSRS.Rating.allCases.map { scheduler.review(held, $0, at: now).due - now })
    }

    /// A recording of `species` other than `heard`, of sound type `type` first (then the others in the
    /// order of their names, so the same one each time).
    private func other(than heard: Recording, of species: String, type: String) -> Recording? {
        let rank = { (key: QuizCardKey) in (key.soundType == type ? 0 : 1, key.soundType) }
        let theirs = recordings.filter { $0.key.species == species }.sorted { rank($0.key) < rank($1.key) }
        return theirs.lazy.compactMap { $0.value.first { $0.id != heard.id } }.first
    }
}
