/// A bird's name as names are compared: lower case, accents and apostrophes gone, hyphens and every
/// other mark a space, one space between words. "Rüppell's Warbler", "ruppells warbler" and
/// "Rüppell’s  warbler" have one key; "Black-capped" and "Black capped" have one key.
public struct NameKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let words: [Substring]
    public let text: String

    public init(_ name: some StringProtocol) {
        var folded = ""
        folded.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let plain = Self.plain(scalar) {
                folded += plain
            } else if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                folded += String(scalar).lowercased()
            } else if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}" {
                continue  // "Rüppell's" is one word
            } else {
                folded += " "
            }
        }
        text = folded.split(separator: " ").joined(separator: " ")
        words = text.split(separator: " ")
    }

    public var isEmpty: Bool { text.isEmpty }
    public var description: String { text }

    /// The key without its spaces, for names typed with words run together ("bluetit").
    public var joined: String { words.joined() }

    public static func < (left: NameKey, right: NameKey) -> Bool { left.text < right.text }
    public static func == (left: NameKey, right: NameKey) -> Bool { left.text == right.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Latin letters with marks, as the plain letters a keyboard without them types.
    private static func plain(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "à", "á", "â", "ã", "ä", "å", "ā", "À", "Á", "Â", "Ã", "Ä", "Å", "Ā": "a"
        case "ç", "č", "ć", "Ç", "Č", "Ć": "c"
        case "è", "é", "ê", "ë", "ē", "ě", "È", "É", "Ê", "Ë", "Ē", "Ě": "e"
        case "ì", "í", "î", "ï", "ī", "Ì", "Í", "Î", "Ï", "Ī": "i"
        case "ñ", "ń", "ň", "Ñ", "Ń", "Ň": "n"
        case "ò", "ó", "ô", "õ", "ö", "ø", "ō", "Ò", "Ó", "Ô", "Õ", "Ö", "Ø", "Ō": "o"
        case "ù", "ú", "û", "ü", "ū", "ů", "Ù", "Ú", "Û", "Ü", "Ū", "Ů": "u"
        case "ý", "ÿ", "Ý": "y"
        case "š", "ś", "Š", "Ś": "s"
        case "ž", "ź", "ż", "Ž", "Ź", "Ż": "z"
        case "ł", "Ł": "l"
        case "ř", "Ř": "r"
        case "ß": "ss"
        case "æ", "Æ": "ae"
        case "œ", "Œ": "oe"
        default: nil
        }
    }
}
