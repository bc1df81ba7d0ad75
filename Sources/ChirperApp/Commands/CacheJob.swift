import DisplayText
import Audio
import FoundationEssentials
import Glibc
import XenoCanto

/// `cache list` and `cache clear`: the recordings kept after a whole download.
public enum CacheJob {
    /// The cached recordings, most recently played first, and their total.
    public static func list() {
        let cache = AudioCache(directory: AudioCache.defaultDirectory())
        let entries = cache.entries()
        let total = entries.reduce(0) { $0 + $1.bytes }
        StandardOutput.write(entries.map {
            let size = ByteCount.text($0.bytes)
            return "\(LocalTime.minute($0.lastPlayed))  \(size + String(repeating: " ", count: max(0, 9 - size.count)))  \($0.name)"
        }
            + ["\(entries.count) recording\(entries.count == 1 ? "" : "s"), \(ByteCount.text(total)) in \(cache.directory.path)"])
    }

    /// Removes every cached recording, and only what the cache made.
    public static func clear() throws {
        let cache = AudioCache(directory: AudioCache.defaultDirectory())
        let result: (removed: Int, foreign: [String])
        do { result = try cache.clear() } catch {
            throw CommandFailure(message: "chirper: cannot clear \(cache.directory.path): \(FileProblem.describe(error))", exitCode: .usage)
        }
        let count = result.removed
        StandardOutput.write(["Removed \(count) recording\(count == 1 ? "" : "s") from \(cache.directory.path)."])
        if !result.foreign.isEmpty {
            let shown = result.foreign.prefix(5).map(Displayable.line).joined(separator: ", ")
            StandardError.write("chirper: left \(result.foreign.count) other item\(result.foreign.count == 1 ? "" : "s") in "
                + "\(cache.directory.path), which Chirper did not make: \(shown)\(result.foreign.count > 5 ? ", …" : "").")
        }
    }
}
