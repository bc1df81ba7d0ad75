import FoundationEssentials

/// A file Chirper reads whole (a species list, the config file, a pack's documents), read only when it
/// is a regular file no larger than its kind allows: a FIFO or a device would wait or never end, and a
/// file of hundreds of megabytes is not one a person wrote for Chirper.
public enum BoundedFile {
    /// A species list (a world list in eBird's CSV is about 2 MB).
    public static let speciesLimit = 8 << 20
    /// The config file.
    public static let configLimit = 64 << 10
    /// `pack.json` and a pack's mark (a pack of 5,000 recordings is about 15 MB).
    public static let packLimit = 64 << 20
    /// The longest line a species list or the config file may hold, in bytes.
    public static let lineLimit = 4096

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String)
        case notAFile(path: String, kind: String)
        case tooLarge(path: String, size: Int, limit: Int)

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read \(path) (is it there, and readable?)"
            case .notAFile(let path, let kind): "\(path) is \(kind), not a regular file: it is not read"
            case .tooLarge(let path, let size, let limit):
                "\(path) is \(size) bytes, more than the \(limit) such a file may be: it is not read"
            }
        }
    }

    /// The bytes of the file at `path` (a link is read as what it leads to).
    public static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
              let type = attributes[.type] as? FileAttributeType else { throw .unreadable(path: path) }
        guard type == .typeRegular else {
            throw .notAFile(path: path, kind: type == .typeDirectory ? "a folder" : "a FIFO, a device or a socket")
        }
        let size = (attributes[.size] as? Int) ?? (attributes[.size] as? UInt).map { Int(clamping: $0) }
            ?? (attributes[.size] as? UInt64).map { Int(clamping: $0) }
            ?? (attributes[.size] as? Int64).map { Int(clamping: $0) } ?? Int.max
        guard size <= limit else { throw .tooLarge(path: path, size: size, limit: limit) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        guard data.count <= limit else { throw .tooLarge(path: path, size: data.count, limit: limit) }
        return [UInt8](data)
    }
}
