import FoundationEssentials

/// JSON text with its lone surrogate escapes (`\ud800` with no low half after it, or a low half alone)
/// made U+FFFD. They are valid JSON but no Unicode text, and the decoder refuses the whole document for
/// one of them: a recordist's name with one would make the recording unreadable.
public enum JSONSurrogates {
    public static func repaired(_ json: Data) -> Data {
        let bytes = [UInt8](json)
        guard bytes.contains(UInt8(ascii: "\\")) else { return json }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                out.append(bytes[index])
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = codeUnit(in: bytes, at: index) else {
                out.append(contentsOf: bytes[index...(index + 1)])  // any other escape, `\\` among them, kept whole
                index += 2
                continue
            }
            if (0xD800...0xDBFF).contains(unit), let low = codeUnit(in: bytes, at: index + 6), (0xDC00...0xDFFF).contains(low) {
                out.append(contentsOf: bytes[index..<(index + 12)])
                index += 12
            } else if (0xD800...0xDFFF).contains(unit) {
                out.append(contentsOf: Array(#"\ufffd"#.utf8))
                index += 6
            } else {
                out.append(contentsOf: bytes[index..<(index + 6)])
                index += 6
            }
        }
        return Data(out)
    }

    /// The code unit of the `\uXXXX` escape at `index`, if there is one.
    private static func codeUnit(in bytes: [UInt8], at index: Int) -> Int? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        guard let text = String(validating: bytes[(index + 2)..<(index + 6)], as: UTF8.self), text.allSatisfy(\.isHexDigit) else { return nil }
        return Int(text, radix: 16)
    }
}
