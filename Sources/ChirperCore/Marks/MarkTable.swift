import DisplayText
import XenoCanto

/// Why a table of regions from another program was refused: the line, and what is wrong on it.
public struct MarkTableProblem: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}

/// The two tables of regions the field's tools read and write, and what they share.
public enum MarkTable {
    /// At most this many regions are read from one table.
    public static let most = 100_000

    /// A label made safe for a tab-separated line: its tabs and line breaks become spaces.
    static func cell(_ label: String) -> String {
        String(label.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// The table's lines, without a byte-order mark, at any line end (a Windows file's "\r\n" is one
    /// character in Swift, not a "\n").
    static func lines(_ text: String) -> [Substring] {
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        return body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    static func time(_ field: Substring, _ name: String, line: Int) throws(MarkTableProblem) -> Double {
        guard let seconds = DecimalText.number(field), MarkedRegion.isTime(seconds) else {
            throw MarkTableProblem(line: line, reason: "the \(name) \"\(Displayable.line(field.prefix(40)))\" is not a time from 0 to 1000000 seconds")
        }
        return seconds
    }

    static func frequency(_ field: Substring, _ name: String, line: Int) throws(MarkTableProblem) -> Double {
        guard let hertz = DecimalText.number(field), hertz.isFinite, hertz <= 1_000_000 else {
            throw MarkTableProblem(line: line, reason: "the \(name) \"\(Displayable.line(field.prefix(40)))\" is not a frequency up to 1000000 Hz")
        }
        return hertz
    }

    /// The region of a line's fields; a band whose ends are negative (Audacity's "none") or zero is none.
    static func region(start: Double, end: Double, low: Double?, high: Double?, label: String, line: Int) throws(MarkTableProblem) -> MarkedRegion {
        guard end >= start else { throw MarkTableProblem(line: line, reason: "it ends (\(end) s) before it begins (\(start) s)") }
        var band: ClosedRange<Double>?
        if let low, let high, low >= 0 || high > 0 {
            guard low >= 0, high >= low else { throw MarkTableProblem(line: line, reason: "its band \(low)–\(high) Hz is not low to high") }
            band = high > 0 ? low...high : nil
        }
        guard let region = MarkedRegion(start: start, end: end, band: band, label: Displayable.line(label.trimmed)) else {
            throw MarkTableProblem(line: line, reason: "its times or band are out of range")
        }
        return region
    }
}
