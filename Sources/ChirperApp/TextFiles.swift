import Audio
import FoundationEssentials

/// Text files Chirper writes whole (a pack's documents, an exported table): to a temporary file beside
/// the name, renamed over it only when whole and only over a regular file; a link, FIFO, device or
/// folder at the name is never replaced.
enum TextFiles {
    static func write(_ text: String, to path: String, failing exitCode: ExitStatus) throws(CommandFailure) {
        if let refusal = FileNames.refusal(toWrite: path) {
            throw CommandFailure(message: "chirper: \(refusal)", exitCode: exitCode)
        }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CommandFailure(message: "chirper: cannot write \(path): \(FileProblem.describe(error))", exitCode: exitCode)
        }
    }
}
