import DisplayText
import Glibc
import XenoCanto

/// Diagnostics: a failure's message, progress on a terminal. Every message may hold text from outside
/// (a server's words, a file's name): `write` makes it displayable, line breaks kept, and nothing
/// printed here or on standard output ever shows the API key (`Redaction`).
public enum StandardError {
    /// Writes `text` as a line.
    public static func write(_ text: String) {
        guard !text.isEmpty else { return }
        let shown = Displayable.lines(text)
        raw(shown.hasSuffix("\n") ? shown : shown + "\n")
    }

    /// Writes `text` as it is (a status line redrawn in place, with its own escapes).
    public static func raw(_ text: String) { FileOutput.write(Redaction.apply(text), to: STDERR_FILENO) }
}

public enum StandardOutput {
    /// Writes and flushes at once: a pipe reader (a test, a script) sees each line as it is printed.
    public static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        raw(lines.joined(separator: "\n") + "\n")
    }

    /// Writes `text` as it is, at once (nothing is buffered in this process).
    public static func raw(_ text: String) { FileOutput.write(Redaction.apply(text), to: STDOUT_FILENO) }

    /// Nothing more will be printed: a pipe reader sees the end now, not when the process ends. The
    /// descriptor is pointed at /dev/null rather than closed, so no file opened later takes its number.
    static func end() {
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        dup2(null, STDOUT_FILENO)
        close(null)
    }
}
