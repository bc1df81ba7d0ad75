import FoundationEssentials

/// Percent-encodes query parameters strictly (RFC 3986 unreserved characters only), so `+`, `:` and
/// quotes in a query arrive as typed.
public enum URLQuery {
    public static func encode(_ items: [(String, String)]) -> String {
        items.map { name, value in name + "=" + percentEncoded(value) }.joined(separator: "&")
    }

    /// Every byte of the UTF-8 but the unreserved ones as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded.unicodeScalars.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
