import CSQLite

/// A failed SQLite call: its extended result code, SQLite's message and the SQL it ran (when a
/// statement was involved), kept whole for the one place that turns them into the library's errors.
struct SQLiteError: Error, CustomStringConvertible {
    let extendedCode: Int32
    let message: String
    let sql: String?

    var primaryCode: Int32 { extendedCode & 0xff }

    var description: String {
        sql.map { "\(message) (SQLite \(extendedCode), in \($0))" } ?? "\(message) (SQLite \(extendedCode))"
    }
}

/// A value in a row that is not what the library's schema says belongs there (a hand edit, another
/// program): where it is, for an error a person can act on.
struct SQLiteRowProblem: Error {
    let table: String
    let row: Int64?
    let column: String
    let found: String
}

/// What a call on the connection throws: SQLite's error, or a value that does not belong where it is.
enum SQLiteFailure: Error {
    case sqlite(SQLiteError)
    case row(SQLiteRowProblem)
}
