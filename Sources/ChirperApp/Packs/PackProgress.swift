import ChirperCore
import DisplayText
import Glibc
import Locking

/// A pack build's one redrawn line on stderr (when it is a terminal): what it is doing, how far it is,
/// and about how long is left. The time left is the requests still to make at the pace the budget
/// keeps, and for files the average time of those fetched so far. In the linear mode on a terminal
/// (TERM=dumb, `--plain`), a whole line at each tenth of a step instead: "Fetching: 30 % (3 of 10)".
final class PackProgress: Sendable {
    private let live = Terminal.allowsEscapes(STDERR_FILENO)
    private let linear = !Terminal.allowsEscapes(STDERR_FILENO) && (Terminal.isTTY(STDERR_FILENO) || Terminal.plainAsked)
    /// Each step's last tenth said in the linear mode.
    private let tenthsSaid = Locked<[String: Int]>([:])
    /// Seconds a request takes at the request budget's pace.
    static let secondsPerRequest = 1.0

    /// `done` of `total` looked up so far.
    func lookingUp(_ what: String, done: Int, of total: Int, remaining: Int) {
        say("Looking up", done, of: total)
        draw("Looking up \(what)  · about \(Self.duration(Double(remaining) * Self.secondsPerRequest)) left")
    }

    func fetching(_ index: Int, of count: Int, name: String, written: Int, total: Int?, secondsLeft: Double?) {
        say("Fetching", index - 1, of: count)
        var line = "Fetching \(index) of \(count): \(name)"
        if let total, total > 0 { line += "  \(written * 100 / total)%" }
        if let secondsLeft { line += "  · about \(Self.duration(secondsLeft)) left" }
        draw(line)
    }

    func clear() {
        if live { StandardError.raw(TerminalEscape.clearLine) }
    }

    /// In the linear mode, a line when `done` of `total` reaches a tenth not said yet for `step`.
    private func say(_ step: String, _ done: Int, of total: Int) {
        guard linear, total > 0 else { return }
        let tenth = min(10, max(0, done * 10 / total))
        let due = tenthsSaid.withLock { said in
            guard tenth > said[step] ?? -1 else { return false }
            said[step] = tenth
            return true
        }
        if due { StandardError.write("\(step): \(tenth * 10) % (\(done) of \(total))") }
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
