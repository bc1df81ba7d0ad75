import ChirperCore
import FoundationEssentials
import Glibc
import Synchronization
import SystemAccess

/// What the program knows about the terminal, in one place: whether a stream is a TTY, its width,
/// whether escape codes are welcome, and every escape sequence it writes.
enum Terminal {
    static func isTTY(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether the user turned colour off: NO_COLOR set, whatever its value, if not empty (no-color.org).
    static var noColorAsked: Bool { !(EnvironmentVariable.value("NO_COLOR") ?? "").isEmpty }

    /// Escape codes only on a TTY whose TERM is not "dumb", and not in the linear mode.
    static func allowsEscapes(_ descriptor: Int32) -> Bool {
        isTTY(descriptor) && EnvironmentVariable.value("TERM") != "dumb" && !plainAsked
    }

    /// `--plain` was on the command line (`PlainOption` takes it off before the parse).
    static let plainOption = Atomic<Bool>(false)
    static var plainOnCommandLine: Bool? { plainOption.load(ordering: .relaxed) ? true : nil }

    /// The linear mode was asked for, whatever the terminal (`--plain`, CHIRPER_PLAIN or `plain` in the
    /// config file): whole lines, nothing redrawn.
    static var plainAsked: Bool { Configuration.current.plain(option: plainOnCommandLine).value }

    /// Whole lines for a listener (a screen reader, a log): asked for, TERM=dumb, or stdout not a terminal.
    static var isLinear: Bool { !allowsEscapes(STDOUT_FILENO) }

    /// Sonograms in words, not pictures: for a listener who asked for lines (not merely a pipe: a
    /// picture piped to a file is still a picture).
    static var wantsWords: Bool { plainAsked || EnvironmentVariable.value("TERM") == "dumb" }

    /// Columns of the terminal on stdout; else $COLUMNS; else 100.
    static var width: Int {
        var size = winsize()
        if isTTY(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        // A thousand columns at most: a larger COLUMNS is not believed (a sonogram's picture grows with it).
        if let columns = EnvironmentVariable.value("COLUMNS").flatMap(Int.init), (1...1_000).contains(columns) {
            return columns
        }
        return 100
    }

    /// The width tables are fitted to: the terminal's; nil when stdout is a pipe or a file, where lines
    /// are not cut (columns aligned to their widest cell) so nothing is lost to `grep` or a script.
    static var tableWidth: Int? { isTTY(STDOUT_FILENO) ? width : nil }

    /// Columns and rows of the terminal on stdout, nil when it is not one.
    static var size: (width: Int, height: Int)? {
        var size = winsize()
        guard isTTY(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}

/// A one-line "Searching…" note on stderr while the first answer is awaited; nothing when stderr is
/// not a terminal, so pipes and logs get no escape codes.
struct ProgressNote {
    let enabled = Terminal.allowsEscapes(STDERR_FILENO)

    func show(_ text: String) {
        guard enabled else { return }
        StandardError.raw(TerminalEscape.clearLine + text)
    }

    func clear() {
        guard enabled else { return }
        StandardError.raw(TerminalEscape.clearLine)
    }
}
