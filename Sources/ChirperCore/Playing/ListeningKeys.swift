import PlaybackModel

/// The screens that take keys; each has the listening keys it can use and some of its own.
public enum KeyScreen: Equatable, Sendable {
    case browse
    /// `play`: one recording.
    case play
    case queue
    case compare
    /// A question of the quiz, answered in `mode`: typing leaves the printable keys to the answer.
    case quiz(QuizMode)
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

/// The one key map of listening: a key → a command, the same on every screen that plays; what the
/// overlay, the help bars and each command's `--help` (and so the man page) say is made from it.
public enum ListeningKeys {
    /// The seek step of → and ←, in seconds, and the volume step of + and -.
    public static let seekStep = 5.0
    public static let volumeStep = 0.1

    /// One line of the map: keys and what each stands for, as printed in the list and on the help bar.
    struct Binding: Sendable {
        let keys: [(TerminalKey, ListeningCommand)]
        let help: KeyHelp
        let bar: KeyHelp?
        /// Holds a character a name may hold (a letter, a digit, a space, - ' .): while an answer is
        /// typed, the key is the answer's.
        var typed: Bool {
            keys.contains { key, _ in
                guard case .character(let character) = key else { return false }
                return character.isLetter || character.isNumber || character.isWhitespace || "-'.".contains(character)
            }
        }
    }

    /// The listening keys, most used first.
    static let map: [Binding] = [
        Binding(keys: [(.character(" "), .togglePause)], help: KeyHelp("space", "pause or resume"), bar: KeyHelp("space", "pause")),
        Binding(keys: [(.right, .seek(by: seekStep)), (.left, .seek(by: -seekStep))], help: KeyHelp("→ ←", "seek 5 s"), bar: KeyHelp("→←", "seek")),
        Binding(keys: [(.character("n"), .next), (.character("p"), .previous)], help: KeyHelp("n p", "next, previous"), bar: KeyHelp("n p", "next prev")),
        Binding(keys: [(.character("+"), .volume(by: volumeStep)), (.character("="), .volume(by: volumeStep)), (.character("-"), .volume(by: -volumeStep))],
                help: KeyHelp("+ -", "volume"), bar: KeyHelp("+-", "vol")),
        Binding(keys: [(.character("["), .speed(.slower)), (.character("]"), .speed(.faster))], help: KeyHelp("[ ]", "speed −/+ 10 %"), bar: KeyHelp("[]", "speed")),
        Binding(keys: [(.character("{"), .speed(.halve)), (.character("}"), .speed(.double))], help: KeyHelp("{ }", "speed ½ or 2×"), bar: nil),
        Binding(keys: [(.backspace, .speed(.reset))], help: KeyHelp("⌫", "speed back to 1×"), bar: nil),
        Binding(keys: [(.character("t"), .speed(.toggleTape))], help: KeyHelp("t", "tape or pitch kept"), bar: nil),
        Binding(keys: [(.character("l"), .markLoop)], help: KeyHelp("l", "loop: start, end, off"), bar: KeyHelp("l", "loop")),
        Binding(keys: [(.tab, .otherSide)], help: KeyHelp("Tab", "the other, same point"), bar: KeyHelp("Tab", "other")),
    ]

    /// Whether `binding` works on `screen`: Tab is compare's; a quiz has one recording (no next or
    /// previous), and while an answer is typed the keys a name is typed with, Backspace and Tab are the answer's.
    static func works(_ binding: Binding, on screen: KeyScreen) -> Bool {
        let command = binding.keys[0].1
        switch screen {
        case .compare: return true
        case .browse, .play, .queue: return command != .otherSide
        case .quiz(let mode):
            switch command {
            case .next, .previous, .otherSide: return false
            case .speed(.reset): return mode != .typing
            case .togglePause, .seek, .volume, .speed, .markLoop, .play: return mode != .typing || !binding.typed
            }
        }
    }

    /// The listening command a key stands for on `screen`, or nil when it is not a listening key there.
    public static func command(for key: TerminalKey, on screen: KeyScreen) -> ListeningCommand? {
        for binding in map where works(binding, on: screen) {
            if let command = binding.keys.first(where: { $0.0 == key })?.1 { return command }
        }
        return nil
    }

    /// The listening keys of `screen`, most used first, as the overlay lists them.
    static func listening(on screen: KeyScreen) -> [KeyHelp] {
        map.filter { works($0, on: screen) }.map(\.help)
    }

    /// "Keys on a terminal: space pause or resume, → ← seek 5 s, …": every key of `screen` for its
    /// command's `--help` (and the man page made from it).
    public static func sentence(on screen: KeyScreen, lead: String = "Keys on a terminal") -> String {
        lead + ": " + all(on: screen).map { $0.keys + " " + $0.action }.joined(separator: "; ") + "."
    }

    /// Every key of `screen`, for the `?` overlay.
    public static func all(on screen: KeyScreen) -> [KeyHelp] {
        switch screen {
        case .browse:
            return [
                KeyHelp("↑ ↓ j k", "move"),
                KeyHelp("PgUp PgDn g G", "page, first, last"),
                KeyHelp("⏎", "play the row"),
                KeyHelp("a", "play all from the row"),
                KeyHelp("s", "stop"),
                KeyHelp("/", "search (↑↓ past searches)"),
                KeyHelp("r", "retry"),
                KeyHelp("i", "info"),
                KeyHelp("v", "sonogram"),
                KeyHelp("f", "star (the list starred)"),
                KeyHelp("F", "star into a list you name"),
                KeyHelp("o", "its page in the browser"),
                KeyHelp("y", "copy its XC number"),
            ] + listening(on: screen) + closing(quits: "quit")
        case .play, .queue, .compare:
            let tab = listening(on: screen).filter { $0.keys == "Tab" }
            return tab + listening(on: screen).filter { $0.keys != "Tab" } + closing(quits: "stop and quit")
        case .quiz(let mode):
            return quizKeys(mode) + listening(on: screen) + [KeyHelp("?", "this list"), KeyHelp("Ctrl-C", "quit at once")]
        }
    }

    /// The quiz's own keys in `mode`, before its listening keys.
    private static func quizKeys(_ mode: QuizMode) -> [KeyHelp] {
        switch mode {
        case .typing:
            return [KeyHelp("⏎", "answer (empty: give up)"), KeyHelp("Tab", "complete the name"), KeyHelp("↑", "play it again"),
                    KeyHelp("^S", "sonogram (counts as hard)"), KeyHelp("^L", "loop: start, end, off"),
                    KeyHelp("Esc", "clear, then quit"), KeyHelp("space", "pause (before typing)")]
        case .choices:
            return [KeyHelp("1–9", "answer"), KeyHelp("⏎", "give up"), KeyHelp("↑", "play it again"),
                    KeyHelp("s", "sonogram (counts as hard)"), KeyHelp("q Esc", "quit")]
        case .selfGraded:
            return [KeyHelp("⏎ r", "reveal"), KeyHelp("1–4", "grade: again, hard, good, easy"), KeyHelp("↑", "play it again"),
                    KeyHelp("s", "sonogram"), KeyHelp("q Esc", "quit")]
        }
    }

    private static func closing(quits: String) -> [KeyHelp] {
        [KeyHelp("?", "this list"), KeyHelp("Esc", "close a panel"), KeyHelp("q", "close, else " + quits),
         KeyHelp("Ctrl-C", "quit at once")]
    }

    /// The help bar's keys, most important first: what fits is shown whole, then `? keys`.
    public static func bar(on screen: KeyScreen, playing: Bool) -> [KeyHelp] {
        let listeningBar = map.filter { works($0, on: screen) }.compactMap(\.bar)
        switch screen {
        case .browse:
            let moving = [KeyHelp("⏎", "play"), KeyHelp("q", "quit"), KeyHelp("/", "search"), KeyHelp("a", "all")]
            let listening = playing ? Array(listeningBar.prefix(1)) + [KeyHelp("s", "stop")] + listeningBar.dropFirst().filter { $0.keys != "n p" } : []
            return moving + listening + [KeyHelp("i", "info"), KeyHelp("v", "sonogram"), KeyHelp("r", "retry"), KeyHelp("↑↓", "move"), KeyHelp("f", "star")]
        case .play, .queue, .compare:
            let first = listeningBar.filter { $0.keys == "Tab" }
            let moving = screen == .queue ? listeningBar.filter { $0.keys == "n p" } : []
            return first + [listeningBar[0], KeyHelp("q", "quit")] + moving + listeningBar.dropFirst().filter { $0.keys != "Tab" && $0.keys != "n p" }
        case .quiz(let mode):
            // The answer and the way out first; the rest of the quiz's own keys as they are listed.
            let own = quizKeys(mode)
            let first = own.filter { $0.action.hasPrefix("answer") || $0.action == "reveal" || $0.action == "quit" }
            let rest = own.filter { key in !first.contains(key) && !["Esc", "space", "^L"].contains(key.keys) && !key.action.hasPrefix("grade") }
            return first + rest + listeningBar
        }
    }
}

/// The help bar: the keys that fit `width` whole, in order of importance, ending with `? keys`.
public enum HelpBar {
    static let separator = " · "
    static let more = "? keys"

    public static func line(_ keys: [KeyHelp], width: Int) -> String {
        var shown: [String] = []
        var used = TextWidth.of(more)
        for key in keys {
            let extra = TextWidth.of(key.short) + TextWidth.of(separator)
            guard used + extra <= width else { break }
            shown.append(key.short)
            used += extra
        }
        return (shown + [more]).joined(separator: separator)
    }
}

/// The `?` overlay: every key of a screen, in as many columns as the width holds (so that browse's
/// list fits a 20-line terminal), each key in a column of its own before what it does.
public enum KeyOverlay {
    public static func lines(on screen: KeyScreen, width: Int) -> [String] {
        let keys = ListeningKeys.all(on: screen)
        let keyWidth = (keys.map { TextWidth.of($0.keys) }.max() ?? 0) + 2
        let entryWidth = 2 + keyWidth + (keys.map { TextWidth.of($0.action) }.max() ?? 0)
        let columns = max(1, min(3, (width + 2) / (entryWidth + 2)))
        let rows = (keys.count + columns - 1) / columns
        let entries = keys.map { key in
            "  " + key.keys + String(repeating: " ", count: keyWidth - TextWidth.of(key.keys)) + key.action
        }
        let lines = (0..<rows).map { row in
            stride(from: row, to: entries.count, by: rows).map { index in
                entries[index] + String(repeating: " ", count: max(0, entryWidth - TextWidth.of(entries[index])))
            }.joined(separator: "  ")
        }
        return ["Keys — ? q or Esc closes"] + lines.map { TextWidth.truncate(String($0.reversed().drop { $0 == " " }.reversed()), to: width) }
    }
}
