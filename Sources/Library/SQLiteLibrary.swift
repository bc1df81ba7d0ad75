import CSQLite
import FoundationEssentials
import Glibc
import LibraryModel
import Locking
import XenoCanto

/// The library in one SQLite file (WAL: a browse reads while a `pack build` writes), opened in this
/// process on first use. Every change is one transaction, so another process never sees half of it.
///
/// `@unchecked Sendable`: `connection`, the only state that changes, is read and written only inside
/// `lock.withLock`, so one thread at a time uses it (SQLite's own connection is not for two at once).
public final class SQLiteLibrary: LibraryStore, @unchecked Sendable {
    public let path: String
    private let paths: LibraryPaths
    private let lock = Locked(())
    private var connection: SQLiteConnection?
    /// How long a change waits for another process's change before "busy".
    private let busyMilliseconds: Int32

    /// The library at `paths.database`, opened (made when missing, its tables brought up to date) by
    /// the first call that needs it. `waitingWhenBusy`: how long a change waits for another
    /// process's (theirs are short; what a command can do without, as its history, waits less).
    public init(openingOnFirstUse paths: LibraryPaths, waitingWhenBusy seconds: Int = 10) {
        self.paths = paths
        path = paths.database.path
        busyMilliseconds = Int32(clamping: seconds * 1000)
    }

    /// Opens the library now: a failure is thrown here rather than by the first call.
    public convenience init(paths: LibraryPaths) throws(LibraryError) {
        self.init(openingOnFirstUse: paths)
        try reading { _ throws(SQLiteFailure) in }
    }

    /// `work` on the open connection, in one transaction that reads one state of the file.
    func reading<T>(_ work: (SQLiteConnection) throws(SQLiteFailure) -> T) throws(LibraryError) -> T {
        try using { connection throws(SQLiteFailure) in try connection.transaction(writing: false) { () throws(SQLiteFailure) in try work(connection) } }
    }

    /// `work` on the open connection, in one transaction that writes.
    func writing<T>(_ work: (SQLiteConnection) throws(SQLiteFailure) -> T) throws(LibraryError) -> T {
        try using { connection throws(SQLiteFailure) in try connection.transaction(writing: true) { () throws(SQLiteFailure) in try work(connection) } }
    }

    private func using<T>(_ work: (SQLiteConnection) throws(SQLiteFailure) -> T) throws(LibraryError) -> T {
        try lock.withLock { _ throws(LibraryError) in
            let connection: SQLiteConnection
            if let opened = self.connection {
                connection = opened
            } else {
                connection = try open()
                self.connection = connection
            }
            do throws(SQLiteFailure) { return try work(connection) } catch {
                // A transaction its rollback could not end would make every later one fail: the next
                // call opens the library again.
                if connection.isInTransaction { self.connection = nil }
                throw Self.problem(error, path: path)
            }
        }
    }

    private func open() throws(LibraryError) -> SQLiteConnection {
        do {
            try FileManager.default.createDirectory(at: paths.folder, withIntermediateDirectories: true)
        } catch {
            throw .unusable(path: paths.folder.path, reason: "cannot make the folder")
        }
        LibraryFileModes.letOwnerWriteCompanions(of: path)
        if FileManager.default.fileExists(atPath: path) {
            let looking: SQLiteConnection
            do throws(SQLiteFailure) { looking = try SQLiteConnection(path: path, readOnly: true) } catch { throw Self.problem(error, path: path) }
            // Reading waits too: another chirper may be recovering the WAL (the first to open it after
            // its -shm went) or writing in rollback mode, which holds readers back for that long.
            looking.waitWhenBusy(milliseconds: busyMilliseconds)
            try LibrarySchema.recognise(looking, path: path)
        }
        let connection: SQLiteConnection
        do throws(SQLiteFailure) { connection = try SQLiteConnection(path: path) } catch { throw Self.problem(error, path: path) }
        connection.waitWhenBusy(milliseconds: busyMilliseconds)
        try LibrarySchema.bringUpToDate(connection, path: path)
        LibraryFileModes.letOwnerWriteCompanions(of: path)
        return connection
    }

    /// SQLite's failure as the library's own, naming the file.
    static func problem(_ failure: SQLiteFailure, path: String) -> LibraryError {
        switch failure {
        case .row(let problem):
            return .unreadable(path: path, table: problem.table, row: problem.row, column: problem.column, found: problem.found)
        case .sqlite(let error):
            switch error.primaryCode {
            case SQLITE_BUSY, SQLITE_LOCKED: return .locked(path: path)
            case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path)
            case SQLITE_READONLY:
                return .unusable(path: path, reason: "it cannot be written: the file, its folder or SQLite's -wal and -shm beside it are read-only")
            default: return .unusable(path: path, reason: error.message)
            }
        }
    }
}

/// The SQLite files beside the library (`-wal`, `-shm`) are made with the library's own mode: after a
/// run on a read-only library they stay read-only when the library is made writable again, and it
/// cannot be opened. They are this user's working files, so they are kept writable to their owner.
enum LibraryFileModes {
    static func letOwnerWriteCompanions(of path: String) {
        for suffix in ["-wal", "-shm"] {
            var status = stat()
            let companion = path + suffix
            guard lstat(companion, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid(),
                  status.st_mode & (S_IRUSR | S_IWUSR) != (S_IRUSR | S_IWUSR) else { continue }
            _ = chmod(companion, (status.st_mode & 0o7777) | S_IRUSR | S_IWUSR)
        }
    }
}
