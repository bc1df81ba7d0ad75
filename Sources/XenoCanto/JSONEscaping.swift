import DisplayText

/// JSON text made safe to print: inside its strings every control character and bidi control (what
/// `Displayable` replaces) is written as a `\uXXXX` escape, which a JSON reader decodes to the same
/// text. A server may send them raw (a raw C0 byte even makes the JSON invalid); printed as sent they
/// would reach a terminal that `search --json` or `info --json` writes to.
public enum JSONEscaping {
    public static func escapingControls(in json: String) -> String {
        // Nearly every answer is printable ASCII plus line breaks: nothing to do.
        if json.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return json }
        var out = String.UnicodeScalarView()
        var inString = false, escaped = false
        for scalar in json.unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                out.append(scalar)  // whitespace between tokens
                continue
            }
            if Displayable.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
