import Glibc
import XenoCanto

/// Diagnostics: a failure's message, progress on a terminal.
public enum StandardError {
    /// Writes `text` as a line.
    public static func write(_ text: String) {
        guard !text.isEmpty else { return }
        raw(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` as it is (a status line redrawn in place).
    public static func raw(_ text: String) { FileOutput.write(text, to: STDERR_FILENO) }
}

public enum StandardOutput {
    /// Writes and flushes at once: a pipe reader (a test, a script) sees each line as it is printed.
    public static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        raw(lines.joined(separator: "\n") + "\n")
    }

    /// Writes `text` as it is, at once (nothing is buffered in this process).
    public static func raw(_ text: String) { FileOutput.write(text, to: STDOUT_FILENO) }
}

