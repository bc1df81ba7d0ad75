import CSQLite
import LibraryModel

/// The library's tables, one migration a version, applied in order. A migration is never changed once
/// released: add the next. The table of applied migrations keeps the name GRDB gave it, so every
/// library written since the first release opens as it was.
enum LibrarySchema {
    static let migrationsTable = "grdb_migrations"

    static let migrations: [(identifier: String, sql: String)] = [
        ("v1: recordings, packs, lists, history", """
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
            """),
        ("v2: quiz cards and answers", """
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
            """),
        ("v3: marks", """
            CREATE TABLE mark (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                subject TEXT NOT NULL,
                startSeconds REAL NOT NULL,
                endSeconds REAL NOT NULL,
                lowHz REAL,
                highHz REAL,
                label TEXT NOT NULL,
                made REAL NOT NULL);
            CREATE INDEX markBySubject ON mark(subject, startSeconds);
            """),
    ]

    /// What a file holds, told before anything is written to it.
    enum Found: Equatable {
        /// No tables: a new library.
        case empty
        /// Chirper's library, with these migrations applied.
        case library(applied: [String])
        /// Tables, but no record of Chirper's first migration: another program's database (one made
        /// with GRDB has a table of migrations too, of its own).
        case foreign
    }

    /// Refuses a file that is not Chirper's library or is a newer Chirper's: through a connection that
    /// cannot write, so that not even SQLite's own recovery or checkpoint on closing touches it.
    static func recognise(_ connection: SQLiteConnection, path: String) throws(LibraryError) {
        let found: Found
        do throws(SQLiteFailure) { found = try Self.found(connection) } catch { throw SQLiteLibrary.problem(error, path: path) }
        switch found {
        case .foreign: throw .foreign(path: path)
        case .library(let applied) where !Set(applied).isSubset(of: Set(migrations.map(\.identifier))): throw .newerVersion(path: path)
        case .empty, .library: return
        }
    }

    /// Recognises the file again, then (only when it is Chirper's, or new, and not from a newer
    /// Chirper) turns on WAL and foreign keys and applies the migrations it lacks, in one transaction.
    static func bringUpToDate(_ connection: SQLiteConnection, path: String) throws(LibraryError) {
        do {
            let known = Set(migrations.map(\.identifier))
            switch try found(connection) {
            case .foreign: throw LibraryError.foreign(path: path)
            case .library(let applied) where !Set(applied).isSubset(of: known): throw LibraryError.newerVersion(path: path)
            case .library(let applied) where applied.count == known.count:
                try turnOnWAL(connection)
                try connection.execute("PRAGMA foreign_keys = ON")
                return
            case .empty, .library: break
            }
            try turnOnWAL(connection)
            try connection.execute("PRAGMA foreign_keys = ON")
            let refusal = try connection.transaction(writing: true) { () throws(SQLiteFailure) -> LibraryError? in
                // Read again under the write lock: another chirper may have made or migrated it since.
                let applied: [String]
                switch try found(connection) {
                case .foreign: return .foreign(path: path)
                case .empty: applied = []
                case .library(let names): applied = names
                }
                guard Set(applied).isSubset(of: known) else { return .newerVersion(path: path) }
                try connection.execute("CREATE TABLE IF NOT EXISTS \(migrationsTable) (identifier TEXT NOT NULL PRIMARY KEY)")
                for migration in migrations where !applied.contains(migration.identifier) {
                    try connection.execute(migration.sql)
                    try connection.execute("INSERT INTO \(migrationsTable) (identifier) VALUES (?)", [.text(migration.identifier)])
                }
                return nil
            }
            if let refusal { throw refusal }
        } catch let error as LibraryError {
            throw error
        } catch let failure as SQLiteFailure {
            // An older library that cannot be written is read as it is: a command that reads what it has
            // works, and one that needs what it lacks (or writes) says the file cannot be written.
            if case .sqlite(let error) = failure, error.primaryCode == SQLITE_READONLY, case .library? = try? found(connection) { return }
            throw SQLiteLibrary.problem(failure, path: path)
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
    }

    static func found(_ connection: SQLiteConnection) throws(SQLiteFailure) -> Found {
        let tables = try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { row throws(SQLiteRowProblem) in
            try row.text("name")
        }
        if tables.isEmpty { return .empty }
        guard tables.contains(migrationsTable) else { return .foreign }
        let applied = try connection.rows("SELECT identifier FROM \(migrationsTable)") { row throws(SQLiteRowProblem) in
            try row.text("identifier")
        }
        // Every Chirper library, a newer Chirper's too, was made by the first migration.
        return applied.contains(migrations[0].identifier) ? .library(applied: applied) : .foreign
    }

    /// WAL lets a reader go on while a writer writes. Set only when it is not yet (a read-only library
    /// already in WAL is read as it is).
    private static func turnOnWAL(_ connection: SQLiteConnection) throws(SQLiteFailure) {
        let mode = try connection.rows("PRAGMA journal_mode") { row throws(SQLiteRowProblem) in try row.text("journal_mode") }
        guard mode.first?.lowercased() != "wal" else { return }
        // The pragma answers with the mode now in force: where WAL cannot be (a file system without
        // shared memory) the library works on in its journal mode, a writer then holding readers back.
        _ = try connection.rows("PRAGMA journal_mode = WAL") { row throws(SQLiteRowProblem) in try row.text("journal_mode") }
    }
}
