import Foundation

/// Recordings kept on disk once downloaded whole, so a replay makes no request. A download is written
/// to a temporary name and renamed into place only when its length matches the server's Content-Length:
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
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["CHIRPER_CACHE"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return URL(fileURLWithPath: base).appendingPathComponent("chirper/recordings")
    }

    public struct Entry: Sendable {
        public var name: String
        public var bytes: Int
        public var lastPlayed: Date
    }

    /// The cached file for this audio URL, marked as just played; nil when not cached.
    func lookup(_ url: String) -> URL? {
        let file = directory.appendingPathComponent(Self.fileName(url))
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return file
    }

    /// The cached file of recording `id` from any server, for `--offline`.
    public func file(forRecording id: String) -> URL? {
        entries().filter { $0.name.hasPrefix("XC\(id)-") }.max { $0.lastPlayed < $1.lastPlayed }
            .map { directory.appendingPathComponent($0.name) }
    }

    /// Starts keeping a download of `url` that will be `size` bytes; nil when it cannot be kept.
    func writer(for url: String, size: Int?) -> WholeFileWriter? {
        guard let size, size > 0, size <= limit else { return nil }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let final = directory.appendingPathComponent(Self.fileName(url))
        let temporary = directory.appendingPathComponent(".part-\(getpid())-\(UUID().uuidString.prefix(8))")
        let writer = WholeFileWriter(final: final, temporary: temporary, expected: size)
        writer?.onPlaced = { self.evict() }
        return writer
    }

    /// Whole files, newest played first. Temporary files are not entries.
    public func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.compactMap { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            guard let bytes = attributes?[.size] as? Int, let date = attributes?[.modificationDate] as? Date else { return nil }
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

    public func clear() throws {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// "XC900001-3f2a…mp3": the recording's number when the URL has one, and a hash of the URL.
    static func fileName(_ url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var id = ""
        if let digits = url.split(separator: "/").last(where: { $0.allSatisfy(\.isNumber) && $0.count >= 3 }) {
            id = "XC" + String(digits) + "-"
        }
        let ext = url.hasSuffix(".wav") ? "wav" : "mp3"
        return id + String(hash, radix: 16) + "." + ext
    }
}

/// A file written in order under a temporary name and put in place only when it is exactly the length
/// announced, so an interrupted download never leaves a file that looks whole: the cache's downloads and
/// `chirper download`'s. Removed when abandoned, or when dropped unfinished.
final class WholeFileWriter {
    /// What `commit` did.
    enum Placement: Equatable {
        case placed
        case wrongLength(written: Int)
        /// A file has the name and `replace` was false: it is left as it was.
        case nameTaken
        case failed(String)
    }

    private let handle: FileHandle
    private let temporary: URL
    let final: URL
    private let expected: Int?
    private(set) var written = 0
    /// Why an append failed; later appends do nothing.
    private(set) var failure: String?
    /// Told when the file is in place (the cache evicts then).
    var onPlaced: (() -> Void)?
    private var done = false

    /// Removes the temporary files in `directory` named `prefix` + a process number (+ anything) whose
    /// process is gone: what a download killed mid-way (SIGKILL, a power cut) left behind. A name without
    /// a number, or a process that runs (another user's included: EPERM), is left alone; it may be the
    /// user's own file in a download folder.
    static func removeAbandoned(in directory: URL, prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }), pid > 0,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// nil when the temporary file cannot be made. `expected` nil: any length is whole.
    init?(final: URL, temporary: URL, expected: Int?) {
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path) else { return nil }
        self.handle = handle
        self.temporary = temporary
        self.final = final
        self.expected = expected
    }

    /// Appends bytes that follow the last ones; a write error is kept in `failure`.
    func append(_ bytes: [UInt8]) {
        guard !done, failure == nil else { return }
        do {
            try handle.write(contentsOf: bytes)
            written += bytes.count
        } catch {
            failure = error.localizedDescription
        }
    }

    /// The download ended: the file is put in place when whole (over an older one only if `replace`).
    @discardableResult
    func commit(replace: Bool) -> Placement {
        guard !done else { return .failed("already finished") }
        done = true
        try? handle.close()
        let placement: Placement
        if let failure {
            placement = .failed(failure)
        } else if let expected, written != expected {
            placement = .wrongLength(written: written)
        } else if replace {
            placement = rename(temporary.path, final.path) == 0 ? .placed : .failed(String(cString: strerror(errno)))
        } else {
            // link(2) fails if the name exists: a file that appeared meanwhile is kept too.
            placement = link(temporary.path, final.path) == 0 ? .placed : errno == EEXIST ? .nameTaken : .failed(String(cString: strerror(errno)))
        }
        if placement != .placed || !replace { unlink(temporary.path) }
        if placement == .placed { onPlaced?() }
        return placement
    }

    /// Not kept (stopped early, a seek broke the sequence).
    func abandon() {
        guard !done else { return }
        done = true
        try? handle.close()
        unlink(temporary.path)
    }

    deinit { abandon() }
}
