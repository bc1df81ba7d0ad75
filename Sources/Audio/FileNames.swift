import FoundationEssentials
import Glibc

/// Where names from outside (a server's `file-name`, a recording's number) become paths, and where a
/// path is checked before anything is written there: in one place, so no caller can join a name that
/// climbs out of its folder or write over something that is not a file.
public enum FileNames {
    /// A file name safe on any file system: no path separators, control characters or leading dots,
    /// at most 200 bytes; nil when nothing usable is left.
    public static func safe(_ name: String) -> String? {
        var cleaned = String(name.unicodeScalars.map { scalar -> Character in
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || "/\\:*?\"<>|".unicodeScalars.contains(scalar) { return "-" }
            return Character(scalar)
        })
        while cleaned.first?.isWhitespace == true { cleaned.removeFirst() }
        while cleaned.last?.isWhitespace == true { cleaned.removeLast() }
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        while cleaned.utf8.count > 200 { cleaned.removeLast() }
        return cleaned.isEmpty ? nil : cleaned
    }

    /// `name` from outside, made safe and joined to `folder`; nil when nothing usable is left. A safe
    /// name has no separator and does not start with a dot, so it names an entry directly inside `folder`.
    public static func file(named name: String, in folder: URL) -> URL? {
        guard let safe = safe(name), safe != "." && safe != ".." else { return nil }
        let joined = folder.appendingPathComponent(safe, isDirectory: false)
        guard joined.lastPathComponent == safe else { return nil }
        return joined
    }

    /// Why nothing may be written at `path`, or nil when it may: nothing is there, or a regular file
    /// is. A device, a FIFO, a socket, a folder or a symbolic link is left alone (a rename over it
    /// would replace it; as root, `/dev/null` itself).
    public static func refusal(toWrite path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: kind = "a folder"
        case S_IFLNK: kind = "a symbolic link"
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "not a regular file"
        }
        return "\(path) is \(kind), not a file: left as it is"
    }

    /// The size of the regular file at `path`; nil when there is none (or something else is there).
    public static func sizeOfFile(atPath path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
