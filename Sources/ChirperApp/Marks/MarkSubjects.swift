import Audio
import DisplayText
import FoundationEssentials
import LibraryModel
import XenoCanto

/// What a mark is on, from what a command was given: the one place an argument or a played recording
/// becomes a `MarkSubject` (an XC number, or a local file by its absolute path).
enum MarkSubjects {
    /// What `chirper marks X` names: an existing file by its path, else an XC number; with `mayBeGone`,
    /// a path that is not there (a file that has moved) names the file that was.
    static func named(_ argument: String, mayBeGone: Bool = false) throws(CommandFailure) -> MarkSubject {
        if FileManager.default.fileExists(atPath: argument) { return .file(path: absolute(argument)) }
        if mayBeGone, !RecordingNumber.isNumber(argument) { return .file(path: absolute(argument)) }
        guard RecordingNumber.isNumber(argument) else {
            throw CommandFailure(message: "chirper: \"\(Displayable.line(argument))\" is neither a file nor an XC number (XC900001, 900001 or its page's address).",
                                 exitCode: .usage)
        }
        return .recording(number: RecordingNumber.digits(argument))
    }

    /// What a played recording's marks are kept on: its XC number when it has one, else its file; a
    /// URL's sound has no place to keep them.
    static func of(_ found: RecordingSource.Found, given argument: String) -> MarkSubject? {
        if let recording = found.recording { return .recording(number: recording.id) }
        switch found.source {
        case .file(let path)? where FileManager.default.fileExists(atPath: argument): return .file(path: absolute(path))
        case .file? where RecordingNumber.isNumber(argument): return .recording(number: RecordingNumber.digits(argument))
        case .file(let path)?: return .file(path: absolute(path))
        case .url?, nil: return nil
        }
    }

    /// `path` from the root, its "." and ".." taken out (links are left as named: the file is the one
    /// the listener names).
    static func absolute(_ path: String) -> String {
        let whole = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
