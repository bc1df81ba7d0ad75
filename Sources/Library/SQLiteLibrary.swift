import FoundationEssentials
import GRDB
import LibraryModel
import XenoCanto

/// The library in one SQLite file (WAL: a browse reads while a `pack build` writes), through GRDB.
/// Every change is one transaction, so another process never sees half of it.
public final class SQLiteLibrary: LibraryStore {
    let pool: DatabasePool
    public let path: String

    /// Opens (making it when missing) the library at `paths.database` and brings its tables up to date.
    public init(paths: LibraryPaths) throws(LibraryError) {
        path = paths.database.path
        do {
            try FileManager.default.createDirectory(at: paths.folder, withIntermediateDirectories: true)
        } catch {
            throw .unusable(path: paths.folder.path, reason: "cannot make the folder")
        }
        var configuration = Configuration()
        // A second chirper writing waits for the first's transaction (they are short) before giving up.
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        let path = self.path
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try LibrarySchema.migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw Self.problem(error, path: path)
        } catch {
            throw LibraryError.unusable(path: path, reason: "\(error)")
        }
    }

    /// A GRDB or SQLite error as the library's own.
    static func problem(_ error: DatabaseError, path: String) -> LibraryError {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL:
            return .unusable(path: path, reason: error.message ?? "\(error.resultCode)")
        default:
            if error.message?.contains("unknown migration") == true { return .newerVersion(path: path) }
            return .unusable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    func reading<T>(_ work: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try pool.read(work) } catch { throw mapped(error) }
    }

    func writing<T>(_ work: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try pool.write(work) } catch { throw mapped(error) }
    }

    private func mapped(_ error: any Error) -> LibraryError {
        if let error = error as? DatabaseError { return Self.problem(error, path: path) }
        if let error = error as? LibraryError { return error }
        return .unusable(path: path, reason: "\(error)")
    }
}

/// The tables, one migration a version. A migration is never changed once released: add the next.
enum LibrarySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: recordings, packs, lists, history") { db in
            try db.execute(sql: """
                CREATE TABLE recording (
                    id TEXT PRIMARY KEY NOT NULL,
                    json TEXT NOT NULL,
                    scientificName TEXT,
                    englishName TEXT,
                    soundType TEXT,
                    quality TEXT,
                    seconds REAL,
                    licence TEXT,
                    saved REAL NOT NULL);
                CREATE TABLE pack (
                    name TEXT PRIMARY KEY NOT NULL,
                    source TEXT NOT NULL,
                    built REAL NOT NULL);
                CREATE TABLE packMember (
                    pack TEXT NOT NULL REFERENCES pack(name) ON DELETE CASCADE,
                    recording TEXT NOT NULL REFERENCES recording(id),
                    position INTEGER NOT NULL,
                    file TEXT,
                    fetched REAL NOT NULL,
                    PRIMARY KEY (pack, recording));
                CREATE INDEX packMemberByRecording ON packMember(recording);
                CREATE TABLE list (
                    name TEXT PRIMARY KEY NOT NULL,
                    made REAL NOT NULL);
                CREATE TABLE listMember (
                    list TEXT NOT NULL REFERENCES list(name) ON DELETE CASCADE,
                    recording TEXT NOT NULL REFERENCES recording(id),
                    added REAL NOT NULL,
                    PRIMARY KEY (list, recording));
                CREATE TABLE searchHistory (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    query TEXT NOT NULL,
                    at REAL NOT NULL);
                CREATE TABLE playHistory (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    recording TEXT NOT NULL REFERENCES recording(id),
                    at REAL NOT NULL);
                """)
        }
        migrator.registerMigration("v2: quiz cards and answers") { db in
            try db.execute(sql: """
                CREATE TABLE quizCard (
                    species TEXT NOT NULL,
                    soundType TEXT NOT NULL,
                    state TEXT NOT NULL,
                    lastRecording TEXT,
                    PRIMARY KEY (species, soundType));
                CREATE TABLE quizAnswer (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    species TEXT NOT NULL,
                    soundType TEXT NOT NULL,
                    recording TEXT NOT NULL,
                    named TEXT,
                    rating INTEGER NOT NULL,
                    hinted INTEGER NOT NULL,
                    at REAL NOT NULL);
                """)
        }
        return migrator
    }
}
