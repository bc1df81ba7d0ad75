import FoundationEssentials

/// JSON text with its lone surrogate escapes (`\ud800` with no low half after it, or a low half alone)
/// made U+FFFD. They are valid JSON but no Unicode text, and the decoder refuses the whole document for
/// one of them: a recordist's name with one would make the recording unreadable.
public enum JSONSurrogates {
    public static func repaired(_ json: Data) -> Data {
        let bytes = [UInt8](json)
        // Made only at the first lone half: an answer without one (nearly all) is returned as it came.
        var out: [UInt8]?
        var index = 0
        while index < bytes.count {
            var width = 1
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                width = 2  // any other escape, `\\` among them, kept whole
                if let unit = codeUnit(in: bytes, at: index) {
                    let low = codeUnit(in: bytes, at: index + 6)
                    if (0xD800...0xDBFF).contains(unit), let low, (0xDC00...0xDFFF).contains(low) {
                        width = 12
                    } else if (0xD800...0xDFFF).contains(unit) {
                        if out == nil { out = Array(bytes[..<index]) }
                        out?.append(contentsOf: Array(#"\ufffd"#.utf8))
                        index += 6
                        continue
                    } else {
                        width = 6
                    }
                }
            }
            out?.append(contentsOf: bytes[index..<min(bytes.count, index + width)])
            index += width
        }
        return out.map { Data($0) } ?? json
    }

    /// The code unit of the `\uXXXX` escape at `index`, if there is one.
    private static func codeUnit(in bytes: [UInt8], at index: Int) -> Int? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        guard let text = String(validating: bytes[(index + 2)..<(index + 6)], as: UTF8.self), text.allSatisfy(\.isHexDigit) else { return nil }
        return Int(text, radix: 16)
    }
}
