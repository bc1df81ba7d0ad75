import FoundationEssentials
import Glibc

/// A folder of its own under the temporary folder, removed with what is in it.
struct ScratchFolder {
    let path: String

    init() throws {
        let base = (getenv("TMPDIR").map { String(cString: $0) }).flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/chirper-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandFailure(message: "chirper: cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))", exitCode: .usage)
        }
        path = String(cString: made)
    }

    /// Removes the files Chirper put here, then the folder.
    func remove() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { unlink(path + "/" + name) }
        }
        rmdir(path)
    }
}
