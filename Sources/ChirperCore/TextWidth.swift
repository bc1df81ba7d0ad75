/// Terminal cell widths: most characters take one cell, East Asian wide ones and emoji two, combining
/// marks none. Good enough for names of birds, places and people.
public enum TextWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        // Most names are ASCII: one byte, one cell, one character.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + cells($1) }
    }

    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || value == 0x7F ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
        {
            return 2
        }
        return 1
    }

    /// `text` in lines of at most `width` columns, broken at spaces; a word wider than a line is cut.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard of(text) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if current.isEmpty {
                current = word
            } else if of(current) + 1 + of(word) <= width {
                current += " " + word
            } else {
                lines.append(truncate(current, to: width))
                current = word
            }
        }
        return lines + [truncate(current, to: width)]
    }

    /// Cuts `text` to at most `width` cells, ending with "…" when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let total = of(text)
        if total <= width { return text }
        if total == text.utf8.count {  // ASCII: cells are bytes
            return String(text.utf8.prefix(width - 1))! + "…"
        }
        var result = ""
        var used = 0
        for character in text {
            let w = character.unicodeScalars.reduce(0) { $0 + cells($1) }
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Cut or padded to exactly `width` cells.
    public static func fit(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - of(cut)))
        return alignRight ? padding + cut : cut + padding
    }
}
