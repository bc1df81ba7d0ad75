/// The one place where text from outside (a server's answer, an uploader's fields, a file's name, the
/// config file) becomes text a terminal may be given. A terminal obeys control characters wherever they
/// come from: ESC starts sequences that set the clipboard, the window title, hyperlinks or clear the
/// screen; CR and the C1 controls move the cursor over lines already written; the bidi overrides make a
/// line read in another order than it was written. None of them may pass.
///
/// What is shown instead: TAB as a space; in a line, CR and LF (and U+2028, U+2029) as one space; every
/// other C0 control as its visible picture (ESC as ␛, U+241B), DEL as ␡; the C1 controls and the bidi
/// embeddings, overrides and isolates as U+FFFD. Widths are counted afterwards, on what is shown.
public enum Displayable {
    /// `text` as one line: nothing in it can move the cursor or reach the terminal as a command.
    public static func line(_ text: some StringProtocol) -> String {
        if isPlainASCII(text) { return String(text) }
        return shown(text, keepingNewlines: false)
    }

    /// `text` with its line breaks kept (a message of several lines); a CR before LF is dropped.
    public static func lines(_ text: some StringProtocol) -> String {
        if isPlainASCII(text, newlines: true) { return String(text) }
        return shown(text, keepingNewlines: true)
    }

    /// Whether `scalar` is one that `line(_:)` replaces.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Nearly every name is printable ASCII: nothing to replace.
    private static func isPlainASCII(_ text: some StringProtocol, newlines: Bool = false) -> Bool {
        text.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || (newlines && $0 == 0x0A) }
    }

    private static func shown(_ text: some StringProtocol, keepingNewlines: Bool) -> String {
        var result = String.UnicodeScalarView()
        var lastWasBreak = false
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isBreak = scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
            defer { lastWasBreak = isBreak }
            if isBreak {
                if keepingNewlines {
                    if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
                    result.append(scalar == "\n" ? "\n" : replacement(for: scalar))
                } else if !lastWasBreak {
                    result.append(" ")
                }
                continue
            }
            result.append(isUnsafe(scalar) ? replacement(for: scalar) : scalar)
        }
        return String(result)
    }

    private static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09: return " "
        case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value)!  // the control's own picture: ␛, ␇, ␍
        case 0x7F: return "\u{2421}"
        case 0x2028, 0x2029: return " "
        default: return "\u{FFFD}"
        }
    }
}
