import PlaybackModel

/// The screens that take keys; each has the listening keys it can use and some of its own.
public enum KeyScreen: Equatable, Sendable {
    case browse
    /// `play`: one recording.
    case play
    case queue
    case compare
    /// A card new to the listener, named and played before it is asked.
    case quizIntroduction
    /// A question of the quiz, answered in `mode`: typing leaves the printable keys to the answer.
    case quiz(QuizMode)
    /// The quiz's answer shown (typed or chosen): on to the next, or compare with the one named.
    case quizAnswer
    /// The quiz's recording revealed for the listener to grade (`--self`).
    case quizGrade
    /// The quiz's summary; with `misses`, each is heard again beside the bird it was taken for.
    case quizSummary(misses: Bool)
}

/// What a key means on a screen: a listening command (the same on every screen that plays), one of
/// the screen's own actions, or one of the keys every screen closes and quits with.
public enum KeyMeaning: Equatable, Sendable {
    case listen(ListeningCommand)
    case browse(BrowseAction)
    case quiz(QuizAction)
    /// `.` `,` `L` on a playing screen: to the next or previous mark or annotation, or loop the one heard.
    case landmark(LandmarkMove)
    /// `?`: the key list, opened or closed.
    case keyList
    /// Esc: closes what is open (the quiz's answer box: clears it, then quits).
    case close
    /// q: closes what is open, else quits.
    case quit
    /// Ctrl-C: quits at once.
    case interrupt
}

/// Browse's own keys.
public enum BrowseAction: Equatable, Sendable {
    case up, down, pageUp, pageDown, first, last
    case play, playAll, stop, search, retry, info, sonogram, star, starInto, openPage, copyNumber
}

/// The quiz's own keys.
public enum QuizAction: Equatable, Sendable {
    /// ⏎ while typing: the answer typed (an empty one gives up).
    case answer
    /// ⏎ among choices: none of them.
    case giveUp
    /// A number among the choices, from 1.
    case choose(Int)
    /// Tab while typing: the next name the typed letters begin.
    case complete
    case replay
    /// Space while typing, before anything is typed: pause or resume (after, it is part of the name).
    case pause
    /// The sonogram as a hint (an answer then counts as hard).
    case sonogram
    /// `--self`: the name shown, to grade.
    case reveal
    /// `--self`, once revealed: 1 again, 2 hard, 3 good, 4 easy.
    case grade(Int)
    /// The answer shown: the next question.
    case next
    /// The answer shown: the compare screen, the recording beside the species it was taken for.
    case compare
    /// A new card heard and named: now ask it.
    case test
    /// The summary: the miss numbered so, heard again (beside the bird it was taken for, when it was
    /// taken for one).
    case hearMiss(Int)
}

/// One key of a screen's list, as the `?` overlay and the help bar show it.
public struct KeyHelp: Equatable, Sendable {
    /// The keys as printed: "space", "→ ←", "[ ]".
    public let keys: String
    public let action: String

    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }

    /// "space pause" on the help bar.
    public var short: String { keys + " " + action }
}

/// A move among a recording's marks and annotations.
public enum LandmarkMove: Equatable, Sendable {
    case next, previous, loop
}
