import ChirperCore
import Glibc

/// A file's progress on one redrawn stderr line when stderr is a terminal; nothing otherwise (the
/// closing line of each file is printed either way).
final class ProgressBar {
    private let name: String
    private let live = Terminal.allowsEscapes(STDERR_FILENO)
    private var lastDrawn = ContinuousClock.now - .seconds(1)

    init(name: String) { self.name = name }

    func show(_ written: Int, _ total: Int?) {
        guard live, ContinuousClock.now - lastDrawn >= .milliseconds(100) || written == total else { return }
        lastDrawn = ContinuousClock.now
        var line = name + "  "
        if let total, total > 0 {
            let filled = min(20, written * 20 / total)
            line += "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled) + "] "
            line += "\(written * 100 / total)%  \(ByteCount.text(written)) of \(ByteCount.text(total))"
        } else {
            line += ByteCount.text(written)
        }
        StandardError.raw(TerminalEscape.clearLine + line)
    }

    /// Clears the bar and prints the file's closing line on stdout.
    func finish(_ line: String?) {
        if live { StandardError.raw(TerminalEscape.clearLine) }
        if let line { StandardOutput.write([line]) }
    }
}
