import FoundationEssentials
import Glibc

/// A file written in order under a temporary name and put in place only when it is exactly the length
/// announced, so an interrupted download never leaves a file that looks whole: the cache's downloads,
/// `chirper download`'s and an Anki package's. Removed when abandoned, or when dropped unfinished.
public final class WholeFileWriter {
    /// What `commit` did.
    public enum Placement: Equatable {
        case placed
        case wrongLength(written: Int)
        /// A file has the name and `replace` was false: it is left as it was.
        case nameTaken
        case failed(String)
    }

    private let file: OpenFile
    private let temporary: URL
    let final: URL
    private let expected: Int?
    private(set) var written = 0
    /// Why an append failed; later appends do nothing.
    private(set) var failure: String?
    /// Where the bytes are until the file is put in place.
    var temporaryPath: String { temporary.path }
    /// Told when the file is in place (the cache evicts then).
    var onPlaced: (() -> Void)?
    private var done = false

    /// Removes the temporary files in `directory` named `prefix` + a process number (+ anything) whose
    /// process is gone: what a download killed mid-way (SIGKILL, a power cut) left behind. A name without
    /// a number, or a process that runs (another user's included: EPERM), is left alone; it may be the
    /// user's own file in a download folder.
    /// `prefix` nil: every file's (".NAME.part-PID-…").
    static func removeAbandoned(in directory: URL, prefix: String? = nil) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            let start: Substring.Index
            if let prefix {
                guard name.hasPrefix(prefix) else { continue }
                start = name.index(name.startIndex, offsetBy: prefix.count)
            } else {
                let pieces = name.split(separator: ".part-", maxSplits: 1)
                guard name.hasPrefix("."), pieces.count == 2, let rest = pieces.last else { continue }
                start = rest.startIndex
            }
            guard let pid = Int32(name[start...].prefix { $0.isASCII && $0.isNumber }), pid > 0,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// nil when the temporary file cannot be made. `expected` nil: any length is whole.
    public init?(final: URL, temporary: URL, expected: Int?) {
        guard let file = try? OpenFile(creatingNew: temporary.path) else { return nil }
        self.file = file
        self.temporary = temporary
        self.final = final
        self.expected = expected
    }

    /// Appends bytes that follow the last ones; a write error is kept in `failure`.
    public func append(_ bytes: [UInt8]) {
        guard !done, failure == nil else { return }
        do {
            try file.write(bytes)
            written += bytes.count
        } catch {
            failure = error.description
        }
    }

    /// The download ended: the file is put in place when whole (over an older one only if `replace`).
    @discardableResult
    public func commit(replace: Bool) -> Placement {
        guard !done else { return .failed("already finished") }
        done = true
        file.close()
        let placement: Placement
        if let failure {
            placement = .failed(failure)
        } else if let refusal = FileNames.refusal(toWrite: final.path) {
            placement = .failed(refusal)
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
    public func abandon() {
        guard !done else { return }
        done = true
        file.close()
        unlink(temporary.path)
    }

    deinit { abandon() }
}
