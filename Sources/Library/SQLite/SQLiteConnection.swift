import CSQLite
import SystemAccess

/// One connection to one SQLite file, closed when released. Not for two threads at once: its owner
/// (`SQLiteLibrary`) keeps it behind a lock. Every result code goes through `check`.
final class SQLiteConnection {
    let path: String
    private let sqlite: SQLiteFunctions
    private let handle: SQLiteFunctions.Database

    /// Opens `path` for reading and writing, making it when missing (read-only when the file cannot
    /// be written, as SQLite does); `readOnly`: for reading only, an existing file.
    init(path: String, readOnly: Bool = false) throws(SQLiteFailure) {
        let sqlite: SQLiteFunctions
        switch SQLiteFunctions.loaded {
        case .success(let functions): sqlite = functions
        case .failure(let missing): throw .sqlite(SQLiteError(extendedCode: SQLITE_CANTOPEN, message: missing.description, sql: nil))
        }
        var opened: SQLiteFunctions.Database?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let code = sqlite.openV2(path, &opened, access | SQLITE_OPEN_NOMUTEX, nil)
        guard let opened else {
            throw .sqlite(SQLiteError(extendedCode: code, message: sqlite.errstr(code).map { String(cString: $0) } ?? "out of memory", sql: nil))
        }
        guard code == SQLITE_OK else {
            let error = SQLiteError(extendedCode: sqlite.extendedErrcode(opened), message: Self.message(sqlite, opened), sql: nil)
            _ = sqlite.closeV2(opened)
            throw .sqlite(error)
        }
        self.path = path
        self.sqlite = sqlite
        self.handle = opened
        _ = sqlite.extendedResultCodes(opened, 1)
    }

    deinit { _ = sqlite.closeV2(handle) }

    /// A second writer waits this long for the first's transaction before SQLITE_BUSY.
    func waitWhenBusy(milliseconds: Int32) { _ = sqlite.busyTimeout(handle, milliseconds) }

    /// Whether a transaction is open (one whose rollback failed leaves it so).
    var isInTransaction: Bool { sqlite.getAutocommit(handle) == 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite.changes(handle)) }

    /// Runs `sql`: one or more statements, without arguments.
    func execute(_ sql: String) throws(SQLiteFailure) {
        var rest = sql
        while !rest.allSatisfy(\.isWhitespace) {
            let (statement, tail) = try prepare(rest)
            try statement?.run()
            rest = tail
        }
    }

    /// Runs one statement with `arguments`.
    func execute(_ sql: String, _ arguments: [SQLiteValue]) throws(SQLiteFailure) {
        try statement(sql, arguments).run()
    }

    /// Each row of one statement with `arguments`, as `read` makes it of the row.
    func rows<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ read: (SQLiteRow) throws(SQLiteRowProblem) -> T) throws(SQLiteFailure) -> [T] {
        try statement(sql, arguments).rows(read)
    }

    /// `work` in one transaction, committed when it returns, rolled back when it throws. `writing`: it
    /// takes the write lock at its start (waiting for another writer), as an upgrade later could fail
    /// without waiting; else it reads one state of the file throughout.
    func transaction<T>(writing: Bool, _ work: () throws(SQLiteFailure) -> T) throws(SQLiteFailure) -> T {
        try execute(writing ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try work()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite.getAutocommit(handle) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    private func statement(_ sql: String, _ arguments: [SQLiteValue]) throws(SQLiteFailure) -> SQLiteStatement {
        guard let statement = try prepare(sql).statement else {
            throw .sqlite(SQLiteError(extendedCode: SQLITE_MISUSE, message: "no statement", sql: sql))
        }
        try statement.bind(arguments)
        return statement
    }

    /// The first statement of `sql` (nil when it is only a comment) and the text after it.
    private func prepare(_ sql: String) throws(SQLiteFailure) -> (statement: SQLiteStatement?, tail: String) {
        var prepared: SQLiteFunctions.Statement?
        var rest = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite.prepareV2(handle, text, -1, &prepared, &tail)
            if let tail { rest = String(cString: tail) }
            return code
        }
        try check(code, sql: sql)
        return (prepared.map { SQLiteStatement(sqlite, connection: self, handle: $0, sql: sql) }, rest)
    }

    /// The one place a result code becomes an error: the extended code, SQLite's message, the SQL.
    func check(_ code: Int32, sql: String?) throws(SQLiteFailure) {
        guard code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE else { return }
        // The connection's last error, when it is this one (a misuse may leave an older one there).
        let last = sqlite.extendedErrcode(handle)
        guard last & 0xff == code & 0xff else {
            throw .sqlite(SQLiteError(extendedCode: code, message: sqlite.errstr(code).map { String(cString: $0) } ?? "error \(code)", sql: sql))
        }
        throw .sqlite(SQLiteError(extendedCode: last, message: Self.message(sqlite, handle), sql: sql))
    }

    private static func message(_ sqlite: SQLiteFunctions, _ handle: SQLiteFunctions.Database) -> String {
        sqlite.errmsg(handle).map { String(cString: $0) } ?? "unknown error"
    }
}
