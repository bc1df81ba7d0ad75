/// Why the library could not do what was asked, in words that name its file: a person can act on each.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process holds the database's lock longer than Chirper waits.
    case locked(path: String)
    /// The file is not an SQLite database, or is damaged.
    case corrupt(path: String)
    /// An SQLite database of another program: none of Chirper's tables, others there.
    case foreign(path: String)
    /// The database was made by a newer Chirper (a migration this one does not know).
    case newerVersion(path: String)
    /// A value Chirper cannot read where it reads one (a hand edit, another program): where it is.
    case unreadable(path: String, table: String, row: Int64?, column: String, found: String)
    /// The folder or file cannot be made, read or written.
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .locked(let path):
            return "the library \(path) is busy in another program: try again when it is done"
        case .corrupt(let path):
            return "the library \(path) is damaged or not a Chirper library: move it aside and run again to start a new one"
        case .foreign(let path):
            return "\(path) is another program's SQLite database, not a Chirper library: it is left as it is; move it aside and run again to start a new library"
        case .newerVersion(let path):
            return "the library \(path) was written by a newer chirper: update chirper to use it (it is left as it is)"
        case .unreadable(let path, let table, let row, let column, let found):
            let place = row.map { "table \(table), row \($0), column \(column)" } ?? "table \(table), column \(column)"
            return "the library \(path) holds a value chirper cannot read (\(place): \(found)): correct it with sqlite3, or move the library aside"
        case .unusable(let path, let reason):
            return "cannot use the library \(path): \(reason)"
        }
    }
}
