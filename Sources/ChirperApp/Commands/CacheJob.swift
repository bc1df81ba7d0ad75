import Audio
import FoundationEssentials
import Glibc

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

    /// Removes every cached recording.
    public static func clear() throws {
        let cache = AudioCache(directory: AudioCache.defaultDirectory())
        let count = cache.entries().count
        do { try cache.clear() } catch {
            throw CommandFailure(message: "chirper: cannot clear \(cache.directory.path): \(FileProblem.describe(error))", exitCode: .usage)
        }
        StandardOutput.write(["Removed \(count) recording\(count == 1 ? "" : "s") from \(cache.directory.path)."])
    }
}
