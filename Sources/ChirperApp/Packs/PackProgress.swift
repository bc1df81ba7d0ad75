import ChirperCore
import DisplayText
import Glibc

/// A pack build's one redrawn line on stderr (when it is a terminal): what it is doing, how far it is,
/// and about how long is left. The time left is the requests still to make at the pace the budget
/// keeps, and for files the average time of those fetched so far.
final class PackProgress: Sendable {
    private let live = Terminal.allowsEscapes(STDERR_FILENO)
    /// Seconds a request takes at the request budget's pace.
    static let secondsPerRequest = 1.0

    func lookingUp(_ what: String, remaining: Int) {
        draw("Looking up \(what)  · about \(Self.duration(Double(remaining) * Self.secondsPerRequest)) left")
    }

    func fetching(_ index: Int, of count: Int, name: String, written: Int, total: Int?, secondsLeft: Double?) {
        var line = "Fetching \(index) of \(count): \(name)"
        if let total, total > 0 { line += "  \(written * 100 / total)%" }
        if let secondsLeft { line += "  · about \(Self.duration(secondsLeft)) left" }
        draw(line)
    }

    func clear() {
        if live { StandardError.raw(TerminalEscape.clearLine) }
    }

    private func draw(_ line: String) {
        guard live else { return }
        let width = max(20, (Terminal.size?.width ?? 80) - 1)
        StandardError.raw(TerminalEscape.clearLine + String(Displayable.line(line).prefix(width)))
    }

    /// "45 s", "3 min", "1 h 5 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds.isFinite ? seconds : 0).rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\((whole + 59) / 60) min" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
