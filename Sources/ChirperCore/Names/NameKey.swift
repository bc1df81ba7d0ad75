/// A bird's name as names are compared: lower case, accents and apostrophes gone, hyphens and every
/// other mark a space, one space between words. "Rüppell's Warbler", "ruppells warbler" and
/// "Rüppell’s  warbler" have one key; "Black-capped" and "Black capped" have one key.
public struct NameKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let text: String

    public init(_ name: some StringProtocol) {
        text = String(decoding: Self.bytes(of: name), as: UTF8.self)
    }

    /// The key's bytes: what `text` holds, without making a String of it.
    static func bytes(of name: some StringProtocol) -> [UInt8] {
        var folded: [UInt8] = []
        fold(name, into: &folded)
        return folded
    }

    /// The key's bytes into `folded` (emptied first), for a loop over many names that keeps one buffer.
    static func fold(_ name: some StringProtocol, into folded: inout [UInt8]) {
        folded.removeAll(keepingCapacity: true)
        var pendingSpace = false
        func append(_ bytes: some Sequence<UInt8>) {
            if pendingSpace, !folded.isEmpty { folded.append(0x20) }
            pendingSpace = false
            folded.append(contentsOf: bytes)
        }
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): append(CollectionOfOne(byte))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): append(CollectionOfOne(byte + 0x20))
                case UInt8(ascii: "'"): continue  // "Rüppell's" is one word
                default: pendingSpace = true
                }
            } else if [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory) {
                continue  // "u" and a combining diaeresis is "ü", whose plain letter is "u"
            } else if let plain = Self.plain(scalar) {
                append(plain.utf8)
            } else if scalar == "\u{2019}" || scalar == "\u{02BC}" {
                continue
            } else if scalar.properties.isAlphabetic {
                append(String(scalar).lowercased().utf8)
            } else {
                pendingSpace = true
            }
        }
    }

    /// Its words, in order.
    public var words: [Substring] { text.split(separator: " ") }
    public var isEmpty: Bool { text.isEmpty }
    public var description: String { text }

    /// The key without its spaces, for names typed with words run together ("bluetit").
    public var joined: String { String(decoding: joinedBytes, as: UTF8.self) }
    var joinedBytes: [UInt8] { text.utf8.filter { $0 != 0x20 } }

    public static func < (left: NameKey, right: NameKey) -> Bool { left.text < right.text }

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
