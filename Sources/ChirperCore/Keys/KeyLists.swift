import PlaybackModel

/// What a screen's key list, help bar and `--help` say, made from `KeyMap`.
public enum KeyLists {
    /// Every key of `screen`, for the `?` overlay.
    public static func all(on screen: KeyScreen) -> [KeyHelp] {
        KeyMap.bindings(on: screen).compactMap(\.help)
    }

    /// "Keys on a terminal: space pause or resume, → ← seek 5 s, …": every key of `screen` for its
    /// command's `--help` (and the man page made from it).
    public static func sentence(on screen: KeyScreen, lead: String = "Keys on a terminal") -> String {
        lead + ": " + all(on: screen).map { $0.keys + " " + $0.action }.joined(separator: "; ") + "."
    }

    /// Every key of `screen` a line, for the linear mode's `?`: "  space: pause or resume".
    public static func lines(on screen: KeyScreen) -> [String] {
        ["Keys:"] + all(on: screen).map { "  " + $0.keys + ": " + $0.action }
    }

    /// The linear mode's first line on a screen that takes keys.
    public static let announcement = "Keys: ? lists them, q quits."
    /// The first line of a linear screen that reads a line a command.
    public static let linearAnnouncement = "Commands: a line each, then Enter; ? lists them, q quits."

    /// The help bar's keys, most important first: what fits is shown whole, then `? keys`.
    public static func bar(on screen: KeyScreen, playing: Bool) -> [KeyHelp] {
        let listening = KeyMap.listening.filter { KeyMap.works($0, on: screen) && $0.bar != nil }
        func listened(_ wanted: (ListeningCommand) -> Bool) -> [KeyMeaning] {
            listening.compactMap { binding in binding.listeningCommand.flatMap { wanted($0) ? KeyMeaning.listen($0) : nil } }
        }
        let moves: (ListeningCommand) -> Bool = { $0 == .next || $0 == .previous }
        let meanings: [KeyMeaning]
        switch screen {
        case .browse:
            let first: [KeyMeaning] = [.browse(.play), .quit, .browse(.search), .browse(.playAll)]
            let sound = playing ? listened { $0 == .togglePause } + [.browse(.stop)] + listened { $0 != .togglePause && !moves($0) } : []
            meanings = first + sound + [.browse(.info), .browse(.sonogram), .browse(.retry), .browse(.up), .browse(.star)]
        case .play, .queue, .compare:
            meanings = listened { $0 == .otherSide } + listened { $0 == .togglePause } + [.quit] + (screen == .queue ? listened(moves) : [])
                + listened { $0 != .otherSide && $0 != .togglePause && !moves($0) }
        case .quiz(.typing):
            meanings = [.quiz(.answer), .quiz(.complete), .quiz(.replay), .quiz(.sonogram)] + listened { _ in true }
        case .quiz(.choices):
            meanings = [.quiz(.choose(1)), .quit, .quiz(.giveUp), .quiz(.replay), .quiz(.sonogram)] + listened { _ in true }
        case .quiz(.selfGraded):
            meanings = [.quiz(.reveal), .quit, .quiz(.replay), .quiz(.sonogram)] + listened { _ in true }
        case .quizIntroduction:
            meanings = [.quiz(.test), .quit, .quiz(.replay)] + listened { _ in true }
        case .quizAnswer:
            meanings = [.quiz(.next), .quit, .quiz(.compare), .quiz(.replay)] + listened { _ in true }
        case .quizGrade:
            meanings = [.quiz(.grade(1)), .quit, .quiz(.replay)] + listened { _ in true }
        case .quizSummary:
            meanings = [.quiz(.hearMiss(1)), .quit] + listened { $0 == .togglePause }
        }
        let bindings = KeyMap.bindings(on: screen)
        return meanings.compactMap { meaning in
            bindings.lazy.compactMap { binding in binding.means(meaning) ? binding.bar ?? binding.help : nil }.first
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
        let keys = KeyLists.all(on: screen)
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
