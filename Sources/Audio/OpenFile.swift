import Glibc

/// An open file descriptor, closed at `close()` or when the last reference goes: the cache's and the
/// downloads' files and local recordings, through Glibc's calls, each failure with errno's sentence.
final class OpenFile {
    private var descriptor: Int32

    /// Opens `path` for reading.
    init(reading path: String) throws(OpenFileError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenFileError(call: "open", path: path) }
    }

    /// Creates `path` for writing; it must not exist yet. Nothing already at the name is opened (a
    /// link planted where a temporary file will be would send the bytes wherever it points).
    init(creatingNew path: String) throws(OpenFileError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OpenFileError(call: "open", path: path) }
    }

    /// The file's size in bytes.
    var size: Int? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : nil
    }

    func seek(to offset: Int) throws(OpenFileError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw OpenFileError(call: "lseek", path: nil) }
    }

    /// Up to `count` bytes; empty at the end of the file.
    func read(upTo count: Int) throws(OpenFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
            if got >= 0 { return Array(bytes[0..<got]) }
            guard errno == EINTR else { throw OpenFileError(call: "read", path: nil) }
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(OpenFileError) {
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if wrote < 0 {
                guard errno == EINTR else { throw OpenFileError(call: "write", path: nil) }
                continue
            }
            done += wrote
        }
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}

/// A failed file call: which, on what, and errno's sentence.
struct OpenFileError: Error, CustomStringConvertible {
    let call: String
    let path: String?
    let code: Int32
    /// True when the file does not exist (ENOENT).
    var isMissing: Bool { code == ENOENT }

    init(call: String, path: String?) {
        self.call = call
        self.path = path
        code = errno
    }

    var description: String { (path.map { "\($0): " } ?? "") + String(cString: strerror(code)) }
}

extension OpenFile {
    /// The size of the file at `path` (stat(2)); nil when there is none.
    static func size(atPath path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
