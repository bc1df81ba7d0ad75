/// The linear mode's input: a line a command, typed with the terminal's own echo (a screen reader
/// reads what is typed as it is typed), turned into the keys of the screen it is typed on, so that the
/// screen's model and key map are the full screen's.
public enum LinearCommands {
    public enum Reading: Equatable, Sendable {
        /// Keys for the screen's model, in order.
        case keys([TerminalKey])
        /// `?`: the commands of the screen, said as lines.
        case list
        /// Nothing on this screen: said so.
        case unknown(String)
    }

    /// What `line` asks on `screen`: an empty line is ⏎; a character the screen binds is that key (1 a
    /// choice, n next, r reveal); `q` quits and `r` plays the sound again where no key of theirs is
    /// bound; and while a name is asked, anything else is the answer, typed and sent.
    public static func read(_ line: String, on screen: KeyScreen) -> Reading {
        let text = line.trimmed
        if text.isEmpty { return .keys([.enter]) }
        if text == "?" || text.lowercased() == "help" { return .list }
        if text.count == 1, let character = text.first, let meaning = KeyMap.meaning(of: .character(character), on: screen) {
            return unsaid.contains(meaning) ? .unknown(text) : .keys([.character(character)])
        }
        for (words, meaning) in words {
            if words.contains(text.lowercased()), let key = key(for: meaning, on: screen) { return .keys([key]) }
        }
        if case .quiz(.typing) = screen { return .keys(text.map { .character($0) } + [.enter]) }
        return .unknown(text)
    }

    /// A line of a screen as the linear mode says it: keys by what is typed there ("Press r", not "↑").
    public static func spokenKeys(_ line: String) -> String {
        line.replacing("⏎", with: "Enter")
    }

    /// The words that stand for a key, whatever key the screen gives it.
    static let words: [([String], KeyMeaning)] = [
        (["q", "quit"], .quit),
        (["r", "replay"], .quiz(.replay)),
    ]

    /// What lines do not ask: the quiz's sonogram hint is a picture (and costs the answer a grade).
    static let unsaid: [KeyMeaning] = [.quiz(.sonogram)]

    /// The first key that means `meaning` on `screen`; for quitting, Esc where q is a letter of an answer.
    static func key(for meaning: KeyMeaning, on screen: KeyScreen) -> TerminalKey? {
        for binding in KeyMap.bindings(on: screen) {
            if let key = binding.keys.first(where: { $0.1 == meaning })?.0 { return key }
        }
        return meaning == .quit ? key(for: .close, on: screen) : nil
    }

    /// The keys that quit `screen`: what the end of the input asks.
    public static func quitKeys(on screen: KeyScreen) -> [TerminalKey] {
        key(for: .quit, on: screen).map { [$0] } ?? [.control("c")]
    }

    /// The commands of `screen`, a line each, for `?`; not the keys of `overridden`, which mean another
    /// thing as a line of their own.
    public static func lines(on screen: KeyScreen, overridden: Set<Character> = []) -> [String] {
        var lines = ["Commands, each a line then Enter:"]
        if case .quiz(.typing) = screen { lines.append("  a bird's name: your answer") }
        for binding in KeyMap.bindings(on: screen) {
            guard let help = binding.help, !unsaid.contains(binding.meaning),
                  !binding.keys.contains(where: { if case .character(let c) = $0.0 { overridden.contains(c) } else { false } }) else { continue }
            let typed = binding.keys.compactMap { key, _ -> String? in
                switch key {
                case .enter: return "an empty line"
                case .character(let character) where character != " " && KeyMap.meaning(of: key, on: screen) != nil: return String(character)
                case .character, .control, .alt, .escape, .backspace, .tab, .delete, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end:
                    return nil
                }
            } + words.filter { words, meaning in
                // A word is listed where it means this binding's command, not where its letter is another key.
                binding.keys.contains { $0.1 == meaning } && read(words[0], on: screen) == .keys(key(for: meaning, on: screen).map { [$0] } ?? [])
            }.flatMap(\.0).prefix(1)
            guard !typed.isEmpty else { continue }
            lines.append("  " + Array(Set(typed)).sorted().joined(separator: " or ") + ": " + help.action)
        }
        return lines.contains { $0.hasPrefix("  ?: ") } ? lines : lines + ["  ?: this list"]
    }
}
