import DisplayText
import Audio
import FoundationEssentials
import Glibc
import Library
import LibraryModel
import XenoCanto

/// `cache list` and `cache clear`: the recordings kept after a whole download.
public enum CacheJob {
    /// The cached recordings, most recently played first, and their total.
    /// Each line names the recording (its XC number, and its species when the library knows it from a
    /// pack, a list or a play) before the file.
    public static func list(paths: LibraryPaths = .standard()) {
        let cache = AudioCache(directory: AudioCache.defaultDirectory())
        let entries = cache.entries()
        let total = entries.reduce(0) { $0 + $1.bytes }
        let numbers = entries.map { number(inName: $0.name) }
        var known: [String: Recording] = [:]
        if !numbers.allSatisfy({ $0 == nil }), FileManager.default.fileExists(atPath: paths.database.path),
           let recordings = try? SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 1).recordings(ids: numbers.compactMap { $0 }) {
            for recording in recordings { known[recording.id] = recording }
        }
        StandardOutput.write(zip(entries, numbers).map { entry, number in
            let size = ByteCount.text(entry.bytes)
            let name = number.map { "XC\($0)" } ?? "?"
            let species = number.flatMap { known[$0] }.map { ($0.englishName ?? $0.scientificName) } ?? "species not known"
            return Displayable.line("\(LocalTime.minute(entry.lastPlayed))  \(size + String(repeating: " ", count: max(0, 9 - size.count)))  "
                + "\(name + String(repeating: " ", count: max(0, 9 - name.count)))  \(species)  \(entry.name)")
        }
            + ["\(entries.count) recording\(entries.count == 1 ? "" : "s"), \(ByteCount.text(total)) in \(cache.directory.path)"])
    }

    /// The XC number a cached file's name starts with ("XC900001-3f2a….mp3").
    static func number(inName name: String) -> String? {
        guard name.hasPrefix("XC") else { return nil }
        let digits = name.dropFirst(2).prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
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
