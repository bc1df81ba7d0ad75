import XenoCanto

/// The exit codes the README documents.
public enum ExitStatus: Int32, Sendable {
    case found = 0
    case noMatch = 1
    case usage = 2
    case keyProblem = 3
    case network = 4
    case playbackFailed = 5
    case library = 6
    /// Standard output could not be written (a full disk, an I/O error): what was printed is incomplete.
    case outputLost = 74
    case interrupted = 130
}

/// A failure that ends the command with a message for a person and a documented exit code.
public struct CommandFailure: Error {
    /// What stderr says; empty when there is nothing to add (what went wrong was printed already).
    public var message: String
    /// How the process ends.
    public var exitCode: ExitStatus

    public init(message: String = "", exitCode: ExitStatus) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The same failure said of `subject`: "chirper: reason" becomes "chirper: subject: reason"
    /// (compare names the side that failed).
    func about(_ subject: String) -> CommandFailure {
        let prefix = "chirper: "
        let reason = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
        return CommandFailure(message: prefix + subject + ": " + reason, exitCode: exitCode)
    }
}

extension APIError {
    /// Exit 3 for key problems, 4 for everything else the API can do.
    var failure: CommandFailure {
        CommandFailure(message: "chirper: " + description, exitCode: isKeyProblem ? .keyProblem : .network)
    }
}
