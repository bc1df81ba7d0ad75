import DisplayText
import Glibc
import Locking
import SystemAccess

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

    /// Writes `text` as it is (a status line redrawn in place, with its own escapes). Where this fails
    /// there is nowhere left to say so.
    public static func raw(_ text: String) { try? FileOutput.write(Redaction.apply(text), to: STDERR_FILENO) }
}

public enum StandardOutput {
    /// Writes and flushes at once: a pipe reader (a test, a script) sees each line as it is printed.
    public static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        raw(lines.joined(separator: "\n") + "\n")
    }

    /// Writes `text` as it is, at once (nothing is buffered in this process). After a write fails
    /// nothing more is written: the output is already incomplete, and `problem` says so at the end.
    public static func raw(_ text: String) {
        guard failure.withLock({ $0 == nil }) else { return }
        do throws(FileOutput.Failure) { try FileOutput.write(Redaction.apply(text), to: STDOUT_FILENO) } catch {
            failure.withLock { if $0 == nil { $0 = error } }
        }
    }

    /// The first write that failed.
    private static let failure = Locked<FileOutput.Failure?>(nil)

    /// What the command's end says when its output was lost (a full disk, an I/O error): nil when all
    /// of it was written, or when the reader closed the pipe (`| head` took what it wanted).
    public static var problem: CommandFailure? {
        switch failure.withLock({ $0 }) {
        case nil, .readerGone: nil
        case .failed(let reason)?: CommandFailure(message: "chirper: cannot write standard output: \(FileOutput.Failure.failed(errno: reason))",
                                                  exitCode: .outputLost)
        }
    }

    /// Nothing more will be printed: a pipe reader sees the end now, not when the process ends. The
    /// descriptor is pointed at /dev/null rather than closed, so no file opened later takes its number.
    static func end() {
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        dup2(null, STDOUT_FILENO)
        close(null)
    }
}
