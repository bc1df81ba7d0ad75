import Locking

/// Texts that are never printed, whoever put them in a message: the API key, which a server may echo
/// back ("The key 'SECRET' is not valid") or a URL may carry. Every write to standard output and
/// standard error passes through `apply`. The key is found however it is dressed: in another case, with
/// invisible characters (zero-width spaces, soft hyphens) or combining marks between or after its
/// characters; all of that is shown as "[key hidden]".
public enum Redaction {
    private static let secrets = Locked<[[Unicode.Scalar]]>([])
    static let stand = "[key hidden]"

    /// The shortest key that is hidden: a shorter one is a word, not a secret (the demo catalog's key is
    /// `demo`, which its recordings' remarks say too); xeno-canto's keys are 40 characters.
    static let shortestSecret = 6

    /// From now on `secret` is shown as "[key hidden]", when it is at least `shortestSecret` long.
    public static func hide(_ secret: String) {
        let scalars = secret.unicodeScalars.filter { !$0.properties.isWhitespace && !isInvisible($0) }.map(folded)
        guard scalars.count >= shortestSecret else { return }
        secrets.withLock { if !$0.contains(scalars) { $0.append(scalars) } }
    }

    static func apply(_ text: String) -> String {
        let hidden = secrets.withLock { $0 }
        guard !hidden.isEmpty, hidden.contains(where: { mayHold(text, $0) }) else { return text }
        var scalars = Array(text.unicodeScalars)
        var changed = false
        for secret in hidden {
            var start = 0
            while let span = find(secret, in: scalars, from: start) {
                scalars.replaceSubrange(span, with: stand.unicodeScalars)
                start = span.lowerBound + stand.unicodeScalars.count
                changed = true
            }
        }
        return changed ? String(String.UnicodeScalarView(scalars)) : text
    }

    /// False when `text` cannot hold `secret`: its first letter, an ASCII one, appears in neither case
    /// (a frame of the browse screen or a sonogram is written without looking at it again).
    private static func mayHold(_ text: String, _ secret: [Unicode.Scalar]) -> Bool {
        guard secret[0].isASCII else { return true }
        let lower = UInt8(secret[0].value)
        let upper = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") ? lower - 32 : lower
        return text.utf8.contains { $0 == lower || $0 == upper }
    }

    /// Where `secret` first appears at or after `start`, invisible characters and marks between its
    /// characters and after its last one included.
    private static func find(_ secret: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int) -> Range<Int>? {
        var first = start
        while first < text.count {
            if folded(text[first]) == secret[0] {
                var at = first + 1, matched = 1
                while matched < secret.count, at < text.count {
                    if isInvisible(text[at]) { at += 1; continue }
                    guard folded(text[at]) == secret[matched] else { break }
                    matched += 1
                    at += 1
                }
                if matched == secret.count {
                    while at < text.count, isInvisible(text[at]) { at += 1 }
                    return first..<at
                }
            }
            first += 1
        }
        return nil
    }

    /// Zero-width and formatting characters and combining marks: they change no letter a reader sees.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// The letter as compared: case does not hide a key.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }
}
