/// Why the library could not do what was asked, in words that name its file: a person can act on each.
public enum LibraryError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// Another process holds the database's lock longer than Chirper waits.
    case locked(path: String)
    /// The file is not an SQLite database, or is damaged.
    case corrupt(path: String)
    /// The database was made by a newer Chirper (a migration this one does not know).
    case newerVersion(path: String)
    /// The folder or file cannot be made, read or written.
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .locked(let path):
            return "the library \(path) is busy in another chirper: try again when it is done"
        case .corrupt(let path):
            return "the library \(path) is damaged or not a Chirper library: move it aside and run again to start a new one"
        case .newerVersion(let path):
            return "the library \(path) was written by a newer chirper: update chirper to use it"
        case .unusable(let path, let reason):
            return "cannot use the library \(path): \(reason)"
        }
    }
}
