import PlaybackModel

/// One line of a screen's key list: its keys, what each means there, and how the `?` list and the help
/// bar print it.
struct KeyBinding: Sendable {
    let keys: [(TerminalKey, KeyMeaning)]
    /// The line in the `?` list and in `--help`; nil for a key that works as another listed one does.
    let help: KeyHelp?
    /// The help bar's shorter words, when they differ from `help`'s.
    let bar: KeyHelp?

    init(_ keys: [(TerminalKey, KeyMeaning)], _ help: KeyHelp?, bar: KeyHelp? = nil) {
        self.keys = keys
        self.help = help
        self.bar = bar
    }

    /// What the binding's first key means: the command it is listed for.
    var meaning: KeyMeaning { keys[0].1 }

    var listeningCommand: ListeningCommand? {
        guard case .listen(let command) = meaning else { return nil }
        return command
    }

    /// Holds a character a name may hold (a letter, a digit, a space, - ' .): while an answer is
    /// typed, the key is the answer's.
    var typed: Bool {
        keys.contains { key, _ in
            guard case .character(let character) = key else { return false }
            return character.isLetter || character.isNumber || character.isWhitespace || "-'.".contains(character)
        }
    }

    func means(_ meaning: KeyMeaning) -> Bool { keys.contains { $0.1 == meaning } }
}

/// The one key map: what each key means on each screen. The models ask it what a key pressed means;
/// the `?` list, the help bars and each command's `--help` (and so the man page) are made from it.
public enum KeyMap {
    /// The seek step of → and ←, in seconds, and the volume step of + and -.
    public static let seekStep = 5.0
    public static let volumeStep = 0.1

    /// The listening keys, the same on every screen that plays (each takes those it can use).
    static let listening: [KeyBinding] = [
        KeyBinding([(.tab, .listen(.otherSide))], KeyHelp("Tab", "the other, same point"), bar: KeyHelp("Tab", "other")),
        KeyBinding([(.character(" "), .listen(.togglePause))], KeyHelp("space", "pause or resume"), bar: KeyHelp("space", "pause")),
        KeyBinding([(.right, .listen(.seek(by: seekStep))), (.left, .listen(.seek(by: -seekStep)))], KeyHelp("→ ←", "seek 5 s"), bar: KeyHelp("→←", "seek")),
        KeyBinding([(.character("n"), .listen(.next)), (.character("p"), .listen(.previous))], KeyHelp("n p", "next, previous"), bar: KeyHelp("n p", "next prev")),
        KeyBinding([(.character("+"), .listen(.volume(by: volumeStep))), (.character("="), .listen(.volume(by: volumeStep))),
                    (.character("-"), .listen(.volume(by: -volumeStep)))], KeyHelp("+ -", "volume"), bar: KeyHelp("+-", "vol")),
        KeyBinding([(.character("["), .listen(.speed(.slower))), (.character("]"), .listen(.speed(.faster)))], KeyHelp("[ ]", "speed −/+ 10 %"),
                   bar: KeyHelp("[]", "speed")),
        KeyBinding([(.character("{"), .listen(.speed(.halve))), (.character("}"), .listen(.speed(.double)))], KeyHelp("{ }", "speed ½ or 2×")),
        KeyBinding([(.backspace, .listen(.speed(.reset)))], KeyHelp("⌫", "speed back to 1×")),
        KeyBinding([(.character("t"), .listen(.speed(.toggleTape)))], KeyHelp("t", "tape or pitch kept")),
        KeyBinding([(.character("l"), .listen(.markLoop))], KeyHelp("l", "loop: start, end, off"), bar: KeyHelp("l", "loop")),
        KeyBinding([(.character("m"), .listen(.mark))], KeyHelp("m", "mark a point; again: a region")),
    ]

    /// Browse's own keys, before the listening ones in its list.
    static let browse: [KeyBinding] = [
        KeyBinding([(.up, .browse(.up)), (.down, .browse(.down)), (.character("k"), .browse(.up)), (.character("j"), .browse(.down))],
                   KeyHelp("↑ ↓ j k", "move"), bar: KeyHelp("↑↓", "move")),
        KeyBinding([(.pageUp, .browse(.pageUp)), (.pageDown, .browse(.pageDown)), (.control("b"), .browse(.pageUp)), (.control("f"), .browse(.pageDown)),
                    (.home, .browse(.first)), (.character("g"), .browse(.first)), (.end, .browse(.last)), (.character("G"), .browse(.last))],
                   KeyHelp("PgUp PgDn g G", "page, first, last")),
        KeyBinding([(.enter, .browse(.play))], KeyHelp("⏎", "play the row"), bar: KeyHelp("⏎", "play")),
        KeyBinding([(.character("a"), .browse(.playAll))], KeyHelp("a", "play all from the row"), bar: KeyHelp("a", "all")),
        KeyBinding([(.character("s"), .browse(.stop))], KeyHelp("s", "stop")),
        KeyBinding([(.character("/"), .browse(.search))], KeyHelp("/", "search (↑↓ past searches)"), bar: KeyHelp("/", "search")),
        KeyBinding([(.character("r"), .browse(.retry))], KeyHelp("r", "retry")),
        KeyBinding([(.character("i"), .browse(.info))], KeyHelp("i", "info")),
        KeyBinding([(.character("v"), .browse(.sonogram))], KeyHelp("v", "sonogram")),
        KeyBinding([(.character("f"), .browse(.star))], KeyHelp("f", "star (the list starred)"), bar: KeyHelp("f", "star")),
        KeyBinding([(.character("F"), .browse(.starInto))], KeyHelp("F", "star into a list you name")),
        KeyBinding([(.character("o"), .browse(.openPage))], KeyHelp("o", "its page in the browser")),
        KeyBinding([(.character("y"), .browse(.copyNumber))], KeyHelp("y", "copy its XC number")),
    ]

    /// The playing screens' moves among the recording's marks and annotations.
    static let landmarks: [KeyBinding] = [
        KeyBinding([(.character("."), .landmark(.next)), (.character(","), .landmark(.previous))], KeyHelp(". ,", "next, previous annotation/mark")),
        KeyBinding([(.character("L"), .landmark(.loop))], KeyHelp("L", "loop the annotation/mark heard")),
    ]

    /// The keys after the listening ones on browse and the playing screens.
    static func closing(quits: String) -> [KeyBinding] {
        [keyList,
         KeyBinding([(.escape, .close)], KeyHelp("Esc", "close a panel")),
         KeyBinding([(.character("q"), .quit), (.character("Q"), .quit)], KeyHelp("q", "close, else " + quits), bar: KeyHelp("q", "quit")),
         interrupt]
    }

    /// The digit keys of `numbers`, each meaning what `meaning` makes of its number.
    static func digits(_ numbers: ClosedRange<Int>, meaning: (Int) -> KeyMeaning) -> [(TerminalKey, KeyMeaning)] {
        numbers.map { (TerminalKey.character(Character(String($0))), meaning($0)) }
    }

    static let interrupt = KeyBinding([(.control("c"), .interrupt)], KeyHelp("Ctrl-C", "quit at once"))
    static let keyList = KeyBinding([(.character("?"), .keyList)], KeyHelp("?", "this list"))
    static let quitting = KeyBinding([(.character("q"), .quit), (.escape, .quit)], KeyHelp("q Esc", "quit"))
    static let replay = KeyBinding([(.up, .quiz(.replay))], KeyHelp("↑", "play it again"))

    /// The quiz's own keys while a question is asked in `mode`. `^S` and `^L` work in every mode.
    static func quiz(_ mode: QuizMode) -> [KeyBinding] {
        switch mode {
        case .typing:
            return [KeyBinding([(.enter, .quiz(.answer))], KeyHelp("⏎", "answer (empty: give up)")),
                    KeyBinding([(.tab, .quiz(.complete))], KeyHelp("Tab", "complete the name")),
                    replay,
                    KeyBinding([(.control("s"), .quiz(.sonogram))], KeyHelp("^S", "sonogram (counts as hard)")),
                    KeyBinding([(.control("l"), .listen(.markLoop))], KeyHelp("^L", "loop: start, end, off")),
                    KeyBinding([(.escape, .close)], KeyHelp("Esc", "clear, then quit")),
                    KeyBinding([(.character(" "), .quiz(.pause))], KeyHelp("space", "pause (before typing)"))]
        case .choices:
            return [KeyBinding(digits(1...9, meaning: { .quiz(.choose($0)) }), KeyHelp("1–9", "answer")),
                    KeyBinding([(.enter, .quiz(.giveUp))], KeyHelp("⏎", "give up")),
                    replay,
                    KeyBinding([(.character("s"), .quiz(.sonogram)), (.control("s"), .quiz(.sonogram))], KeyHelp("s", "sonogram (counts as hard)")),
                    quitting,
                    KeyBinding([(.control("l"), .listen(.markLoop))], nil)]
        case .selfGraded:
            return [KeyBinding([(.enter, .quiz(.reveal)), (.character("r"), .quiz(.reveal))], KeyHelp("⏎ r", "reveal, then grade 1–4")),
                    replay,
                    KeyBinding([(.character("s"), .quiz(.sonogram)), (.control("s"), .quiz(.sonogram))], KeyHelp("s", "sonogram")),
                    quitting,
                    KeyBinding([(.control("l"), .listen(.markLoop))], nil)]
        }
    }

    /// The quiz's keys while a new card is introduced.
    static let quizIntroduction: [KeyBinding] = [
        KeyBinding([(.enter, .quiz(.test)), (.character("n"), .quiz(.test))], KeyHelp("⏎ n", "I know it: ask me"), bar: KeyHelp("⏎", "ask me")),
        replay,
        quitting,
    ]

    /// The quiz's keys once an answer is shown.
    static let quizAnswer: [KeyBinding] = [
        KeyBinding([(.enter, .quiz(.next)), (.character("n"), .quiz(.next)), (.character(" "), .quiz(.next))], KeyHelp("⏎ n space", "next question"),
                   bar: KeyHelp("⏎", "next")),
        KeyBinding([(.character("c"), .quiz(.compare))], KeyHelp("c", "compare with the one named"), bar: KeyHelp("c", "compare")),
        replay,
        KeyBinding([(.character("q"), .quit)], KeyHelp("q", "quit")),
    ]

    /// The quiz's keys once a recording is revealed to be graded.
    static let quizGrade: [KeyBinding] = [
        KeyBinding(digits(1...4, meaning: { .quiz(.grade($0)) }), KeyHelp("1–4", "grade: again, hard, good, easy")),
        replay,
        quitting,
    ]

    /// The quiz's keys on its summary.
    static func quizSummary(misses: Bool) -> [KeyBinding] {
        let hearing = KeyBinding(digits(1...9, meaning: { .quiz(.hearMiss($0)) }),
                                 KeyHelp("1–9", "hear a miss again, beside the bird taken for it"), bar: KeyHelp("1–9", "hear a miss"))
        return (misses ? [hearing] : []) + [KeyBinding([(.enter, .quit), (.character("q"), .quit), (.escape, .quit)], KeyHelp("⏎ q Esc", "leave"))]
    }

    /// A screen's own keys: those listed before the listening keys and those after.
    static func own(on screen: KeyScreen) -> (before: [KeyBinding], after: [KeyBinding]) {
        switch screen {
        case .browse: return (browse, landmarks + closing(quits: "quit"))
        case .play, .queue, .compare: return ([], landmarks + closing(quits: "stop and quit"))
        case .quizIntroduction: return (quizIntroduction, [keyList, interrupt])
        case .quiz(let mode): return (quiz(mode), [keyList, interrupt])
        case .quizAnswer: return (quizAnswer, [keyList, interrupt])
        case .quizGrade: return (quizGrade, [keyList, interrupt])
        case .quizSummary(let misses): return (quizSummary(misses: misses), [keyList, interrupt])
        }
    }

    /// Whether a listening binding works on `screen`: Tab is compare's; a quiz has one recording (no
    /// next or previous); while an answer is typed the keys a name is typed with are the answer's, and
    /// Backspace too; once an answer is shown, space and n are the next question's. Marks are made
    /// on the screens that play a recording the listener chose (browse, play, queue, compare).
    static func works(_ binding: KeyBinding, on screen: KeyScreen) -> Bool {
        guard let command = binding.listeningCommand else { return false }
        switch (screen, command) {
        case (.compare, _): return true
        case (.browse, .otherSide), (.play, .otherSide), (.queue, .otherSide): return false
        case (.quizIntroduction, .mark), (.quiz, .mark), (.quizAnswer, .mark), (.quizGrade, .mark), (.quizSummary, .mark):
            return false
        case (.browse, _), (.play, _), (.queue, _): return true
        case (.quizIntroduction, .next), (.quizIntroduction, .previous), (.quizIntroduction, .otherSide),
             (.quiz, .next), (.quiz, .previous), (.quiz, .otherSide), (.quizAnswer, .next), (.quizAnswer, .previous), (.quizAnswer, .otherSide),
             (.quizGrade, .next), (.quizGrade, .previous), (.quizGrade, .otherSide), (.quizSummary, .next), (.quizSummary, .previous),
             (.quizSummary, .otherSide):
            return false
        case (.quiz(.typing), .speed(.reset)): return false
        case (.quiz(.typing), _): return !binding.typed
        case (.quizAnswer, .togglePause): return false
        case (.quizIntroduction, _), (.quiz, _), (.quizAnswer, _), (.quizGrade, _), (.quizSummary, _): return true
        }
    }

    /// Every binding of `screen`, in the order its list shows them.
    static func bindings(on screen: KeyScreen) -> [KeyBinding] {
        let own = own(on: screen)
        return own.before + listening.filter { works($0, on: screen) } + own.after
    }

    /// What `key` means on `screen`, or nil when it means nothing there (a typed character, say).
    public static func meaning(of key: TerminalKey, on screen: KeyScreen) -> KeyMeaning? {
        for binding in bindings(on: screen) {
            if let meaning = binding.keys.first(where: { $0.0 == key })?.1 { return meaning }
        }
        return nil
    }

    /// The listening command `key` stands for on `screen`, or nil when it is not a listening key there.
    public static func command(for key: TerminalKey, on screen: KeyScreen) -> ListeningCommand? {
        guard case .listen(let command)? = meaning(of: key, on: screen) else { return nil }
        return command
    }
}
