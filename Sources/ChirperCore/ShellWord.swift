import DisplayText

/// Text made into one word a POSIX shell (bash) reads back as the same text: the one place where
/// completion's candidates are escaped for the shell. Letters, digits, non-ASCII text and `-_./,+@%=:`
/// are kept; every other printable ASCII character gets a backslash; a control or format character (a
/// newline included) becomes an ANSI-C quoted `$'\xHH…'` of its own UTF-8 bytes, so no quote is ever left
/// open, a newline never ends the word, and the shell's locale does not matter.
public enum ShellWord {
    static let plain = Set("-_./,+@%=:")

    public static func escaped(_ text: String) -> String {
        var word = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let character = Character(scalar)
                if character.isLetter || character.isNumber || plain.contains(character) {
                    word.unicodeScalars.append(scalar)
                } else if scalar.value < 0x20 || scalar.value == 0x7F {
                    word += "$'\\x" + hex(scalar.value, width: 2) + "'"
                } else {
                    word += "\\" + String(character)
                }
            } else if Displayable.isUnsafe(scalar) || scalar.properties.generalCategory == .format {
                // Its UTF-8 bytes: `$'\u…'` would depend on the shell's locale.
                word += "$'" + String(scalar).utf8.map { "\\x" + hex(UInt32($0), width: 2) }.joined() + "'"
            } else {
                word.unicodeScalars.append(scalar)
            }
        }
        return word
    }

    /// Bash's replies for `candidates`, escaped. Readline inserts the longest prefix the replies share;
    /// where the candidates part at a character that is escaped, that prefix would end inside its
    /// escape (a lone backslash, an open quote) and Enter would continue the line. The shared prefix of
    /// the candidates themselves, escaped, is then a reply too: the longest prefix ends with it.
    public static func bashReplies(_ candidates: [String]) -> [String] {
        let replies = candidates.map(escaped)
        guard replies.count > 1, let first = candidates.first else { return replies }
        var shared = first.unicodeScalars[...]
        for candidate in candidates.dropFirst() {
            shared = shared.prefix(zip(shared, candidate.unicodeScalars).prefix { $0 == $1 }.count)
        }
        let sharedWord = escaped(String(String.UnicodeScalarView(shared)))
        let repliesShare = replies.dropFirst().reduce(replies[0]) { common, reply in
            String(zip(common, reply).prefix { $0 == $1 }.map(\.0))
        }
        return repliesShare == sharedWord || sharedWord.isEmpty ? replies : replies + [sharedWord]
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
