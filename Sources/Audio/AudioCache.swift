import FoundationEssentials
import Glibc
import SystemAccess

/// Recordings kept on disk once downloaded whole, so a replay makes no request. A download is written
/// to a temporary name and renamed into place only when the decoder has read it to its end without an
/// error and its length matches the server's Content-Length:
/// an interrupted download (a stop, a seek, a crash, SIGKILL) never leaves a file that looks whole, and
/// stale temporary files are swept on the next start. Past `limit` bytes the least recently played go.
public struct AudioCache: Sendable {
    public let directory: URL
    public let limit: Int
    public static let defaultLimit = 1_000_000_000

    public init(directory: URL, limit: Int = AudioCache.defaultLimit) {
        self.directory = directory
        self.limit = limit
    }

    /// `$CHIRPER_CACHE`, else `$XDG_CACHE_HOME/chirper/recordings`, else `~/.cache/chirper/recordings`.
    /// `variable`: the environment's value of a name (the process's own, unless a caller gives another).
    public static func defaultDirectory(variable: (String) -> String? = EnvironmentVariable.value) -> URL {
        if let explicit = variable("CHIRPER_CACHE"), !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let base = variable("XDG_CACHE_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? ((variable("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.cache")
        return URL(fileURLWithPath: base).appendingPathComponent("chirper/recordings")
    }

    public struct Entry: Sendable {
        public var name: String
        public var bytes: Int
        public var lastPlayed: Date
    }

    /// The cached file for this audio URL, marked as just played; nil when not cached.
    func lookup(_ url: String) -> URL? {
        let file = file(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return file
    }

    /// Whether the cache holds `url` whole (nothing is marked played).
    public func holds(_ url: String) -> Bool {
        FileManager.default.fileExists(atPath: file(for: url).path)
    }

    /// Where the whole download of `url` is kept.
    private func file(for url: String) -> URL { directory.appendingPathComponent(Self.fileName(url)) }

    /// The cached file of recording `id` from any server, for `--offline`.
    public func file(forRecording id: String) -> URL? {
        entries().filter { $0.name.hasPrefix("XC\(id)-") }.max { $0.lastPlayed < $1.lastPlayed }
            .map { directory.appendingPathComponent($0.name) }
    }

    /// Starts keeping a download of `url` that will be `size` bytes; nil when it cannot be kept.
    func writer(for url: String, size: Int?) -> WholeFileWriter? {
        guard let size, size > 0, size <= limit else { return nil }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        markAsCache()
        let final = file(for: url)
        let temporary = directory.appendingPathComponent(".part-\(getpid())-\(UUID().uuidString.prefix(8))")
        let writer = WholeFileWriter(final: final, temporary: temporary, expected: size)
        writer?.onPlaced = { self.evict() }
        return writer
    }

    /// Whole files, newest played first: only regular files with a name the cache gives (the folder may
    /// hold other things when `CHIRPER_CACHE` points at one of a person's folders).
    public func entries() -> [Entry] {
        names().filter { Self.isRecordingName($0) && isRegularFile($0) }.compactMap { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            guard let bytes = OpenFile.size(atPath: directory.appendingPathComponent(name).path), let date = attributes?[.modificationDate] as? Date else { return nil }
            return Entry(name: name, bytes: bytes, lastPlayed: date)
        }.sorted { $0.lastPlayed > $1.lastPlayed }
    }

    /// Removes the least recently played files until the rest fit in `limit`.
    func evict() {
        var total = 0
        for entry in entries() {
            total += entry.bytes
            if total > limit { try? FileManager.default.removeItem(at: directory.appendingPathComponent(entry.name)) }
        }
    }

    /// Temporary files of processes that are gone (a download killed mid-way).
    public func sweep() {
        WholeFileWriter.removeAbandoned(in: directory, prefix: ".part-")
    }

    /// Removes every recording and temporary file the cache made; anything else in the folder is left
    /// where it is and named in `foreign`.
    public func clear() throws -> (removed: Int, foreign: [String]) {
        var removed = 0
        var foreign: [String] = []
        for name in names().sorted() {
            if Self.isRecordingName(name) || Self.isTemporaryName(name), isRegularFile(name) {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
                if Self.isRecordingName(name) { removed += 1 }
            } else if name != Self.tagName {
                foreign.append(name)
            }
        }
        return (removed, foreign)
    }

    private func names() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] }

    /// A regular file, not a link, a folder or a device: the only kind the cache writes or removes.
    private func isRegularFile(_ name: String) -> Bool {
        var info = stat()
        return lstat(directory.appendingPathComponent(name).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The Cache Directory Tagging convention's file: backup tools that honour it skip the folder.
    static let tagName = "CACHEDIR.TAG"
    private static let tag = "Signature: 8a477f597d28d172789f06886806bc55\n# This folder is Chirper's cache of recordings.\n"
        + "# For information about cache directory tags see https://bford.info/cachedir/\n"

    /// Tags the folder as a cache, unless it holds something the cache did not make: a person's folder
    /// must not be skipped by their backups because Chirper keeps recordings in it.
    private func markAsCache() {
        let tagPath = directory.appendingPathComponent(Self.tagName).path
        guard OpenFile.size(atPath: tagPath) == nil,
              names().allSatisfy({ Self.isRecordingName($0) || Self.isTemporaryName($0) }) else { return }
        try? Self.tag.write(toFile: tagPath, atomically: true, encoding: .utf8)
    }

    /// "XC900001-3f2a….mp3" or "3f2a….wav": the names `fileName(_:)` gives.
    static func isRecordingName(_ name: String) -> Bool {
        var rest = Substring(name)
        if rest.hasPrefix("XC") {
            let digits = rest.dropFirst(2).prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, rest.dropFirst(2 + digits.count).first == "-" else { return false }
            rest = rest.dropFirst(3 + digits.count)
        }
        guard rest.hasSuffix(".mp3") || rest.hasSuffix(".wav") else { return false }
        let hash = rest.dropLast(4)
        return (1...16).contains(hash.count) && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// ".part-1234-9f8e7d6c": a download under way or abandoned (`writer(for:size:)`).
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(".part-") else { return false }
        let parts = name.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].allSatisfy { $0.isASCII && $0.isNumber } && !parts[0].isEmpty
            && parts[1].count == 8 && parts[1].allSatisfy(\.isHexDigit)
    }

    /// "XC900001-3f2a…mp3": the recording's number when the URL has one, and a hash of the URL.
    static func fileName(_ url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var id = ""
        // ASCII digits only: the names `isRecordingName` owns (a server's `/١٢٣/` is just part of the hash).
        if let digits = url.split(separator: "/").last(where: { $0.allSatisfy { $0.isASCII && $0.isNumber } && $0.count >= 3 }) {
            id = "XC" + String(digits) + "-"
        }
        let ext = url.hasSuffix(".wav") ? "wav" : "mp3"
        return id + String(hash, radix: 16) + "." + ext
    }
}
