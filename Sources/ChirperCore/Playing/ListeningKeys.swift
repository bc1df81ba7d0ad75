import PlaybackModel

/// What a listener asks of whatever plays, on every screen that plays.
public enum ListeningCommand: Equatable, Sendable {
    case togglePause
    /// The next track of the queue.
    case next
    /// The previous track, or the start of this one when more than a few seconds in.
    case previous
    /// Seconds forward (or back, negative) in the playing track.
    case seek(by: Double)
    /// Volume up (or down, negative), as a share of full volume.
    case volume(by: Double)
    /// Slower, faster, halve, double, 1×, tape or pitch kept.
    case speed(PlaybackSpeed.Change)
    /// The loop's start, then its end (and looping), then none.
    case markLoop
    /// Compare's Tab: the other recording, at the same point of its length.
    case otherSide
    /// Track `index` of the queue from `seconds` into it (what `otherSide` becomes once the screen
    /// knows what plays).
    case play(index: Int, from: Double)
}

/// The screens that take keys; each has the listening keys and some of its own.
public enum KeyScreen: Equatable, Sendable {
    case browse
    /// `play`: one recording.
    case play
    case queue
    case compare
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

/// The one key map of listening: a key → a command, the same on every screen that plays.
public enum ListeningKeys {
    /// The seek step of → and ←, in seconds, and the volume step of + and -.
    public static let seekStep = 5.0
    public static let volumeStep = 0.1

    /// The listening command a key stands for on `screen`, or nil when it is not a listening key there.
    public static func command(for key: TerminalKey, on screen: KeyScreen) -> ListeningCommand? {
        switch key {
        case .character(" "): return .togglePause
        case .character("n"): return .next
        case .character("p"): return .previous
        case .right: return .seek(by: seekStep)
        case .left: return .seek(by: -seekStep)
        case .character("+"), .character("="): return .volume(by: volumeStep)
        case .character("-"): return .volume(by: -volumeStep)
        case .character("["): return .speed(.slower)
        case .character("]"): return .speed(.faster)
        case .character("{"): return .speed(.halve)
        case .character("}"): return .speed(.double)
        case .backspace: return .speed(.reset)
        case .character("t"): return .speed(.toggleTape)
        case .character("l"): return .markLoop
        case .tab where screen == .compare: return .otherSide
        default: return nil
        }
    }

    /// The listening keys, most used first, as the overlay lists them.
    static let listening: [KeyHelp] = [
        KeyHelp("space", "pause or resume"),
        KeyHelp("→ ←", "seek 5 s"),
        KeyHelp("n p", "next, previous"),
        KeyHelp("+ -", "volume"),
        KeyHelp("[ ]", "speed −/+ 10 %"),
        KeyHelp("{ }", "speed ½ or 2×"),
        KeyHelp("⌫", "speed back to 1×"),
        KeyHelp("t", "tape or pitch kept"),
        KeyHelp("l", "loop: start, end, off"),
    ]

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
            ] + listening + closing(quits: "quit")
        case .play, .queue:
            return listening + closing(quits: "stop and quit")
        case .compare:
            return [KeyHelp("Tab", "the other, same point")] + listening + closing(quits: "stop and quit")
        }
    }

    private static func closing(quits: String) -> [KeyHelp] {
        [KeyHelp("?", "this list"), KeyHelp("Esc", "close a panel"), KeyHelp("q", "close, else " + quits),
         KeyHelp("Ctrl-C", "quit at once")]
    }

    /// The help bar's keys, most important first: what fits is shown whole, then `? keys`.
    public static func bar(on screen: KeyScreen, playing: Bool) -> [KeyHelp] {
        switch screen {
        case .browse:
            let moving = [KeyHelp("⏎", "play"), KeyHelp("q", "quit"), KeyHelp("/", "search"), KeyHelp("a", "all")]
            let listening = playing
                ? [KeyHelp("space", "pause"), KeyHelp("s", "stop"), KeyHelp("→←", "seek"), KeyHelp("+-", "vol"), KeyHelp("[]", "speed"), KeyHelp("l", "loop")]
                : []
            return moving + listening + [KeyHelp("i", "info"), KeyHelp("v", "sonogram"), KeyHelp("r", "retry"), KeyHelp("↑↓", "move"), KeyHelp("f", "star")]
        case .play, .queue, .compare:
            let first = screen == .compare ? [KeyHelp("Tab", "other")] : []
            let moving = screen == .queue ? [KeyHelp("n p", "next prev")] : []
            return first + [KeyHelp("space", "pause"), KeyHelp("q", "quit")] + moving
                + [KeyHelp("→←", "seek"), KeyHelp("+-", "vol"), KeyHelp("[]", "speed"), KeyHelp("l", "loop")]
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
