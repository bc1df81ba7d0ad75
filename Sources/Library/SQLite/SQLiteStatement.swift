import CSQLite

/// A value bound to a statement or read from a row, as SQLite stores it.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// A BLOB, or TEXT whose bytes are not UTF-8: nothing the library writes; its size, to say so.
    case bytes(Int)

    init(_ text: String?) { self = text.map(SQLiteValue.text) ?? .null }
    init(_ number: Int) { self = .integer(Int64(number)) }
    init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }
}

/// One prepared statement of a connection, finalized when released.
final class SQLiteStatement {
    private let sqlite: SQLiteFunctions
    /// Kept so the connection outlives its statements.
    private let connection: SQLiteConnection
    private let handle: SQLiteFunctions.Statement
    let sql: String

    init(_ sqlite: SQLiteFunctions, connection: SQLiteConnection, handle: SQLiteFunctions.Statement, sql: String) {
        self.sqlite = sqlite
        self.connection = connection
        self.handle = handle
        self.sql = sql
    }

    deinit { _ = sqlite.finalize(handle) }

    func bind(_ arguments: [SQLiteValue]) throws(SQLiteFailure) {
        guard Int(sqlite.bindParameterCount(handle)) == arguments.count else {
            throw .sqlite(SQLiteError(extendedCode: SQLITE_RANGE, message: "\(arguments.count) arguments for \(sqlite.bindParameterCount(handle)) places", sql: sql))
        }
        // SQLite copies bound text before the call returns (SQLITE_TRANSIENT).
        let transient = unsafeBitCast(-1, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        for (offset, argument) in arguments.enumerated() {
            let place = Int32(offset + 1)
            let code: Int32
            switch argument {
            case .null: code = sqlite.bindNull(handle, place)
            case .bytes: throw .sqlite(SQLiteError(extendedCode: SQLITE_MISUSE, message: "bytes are not bound", sql: sql))
            case .integer(let number): code = sqlite.bindInt64(handle, place, number)
            case .real(let number): code = sqlite.bindDouble(handle, place, number)
            case .text(let text):
                // Its length given, so a NUL inside is kept rather than ending the text.
                code = text.withCString { sqlite.bindText(handle, place, $0, Int32(clamping: text.utf8.count), transient) }
            }
            try connection.check(code, sql: sql)
        }
    }

    /// Steps to the end, reading nothing.
    func run() throws(SQLiteFailure) {
        while try step() {}
    }

    /// Each row as `read` makes it; the first value that does not belong where it is ends the reading.
    func rows<T>(_ read: (SQLiteRow) throws(SQLiteRowProblem) -> T) throws(SQLiteFailure) -> [T] {
        var result: [T] = []
        while try step() {
            do { result.append(try read(row())) } catch { throw .row(error) }
        }
        return result
    }

    /// True when a row is ready.
    private func step() throws(SQLiteFailure) -> Bool {
        let code = sqlite.step(handle)
        try connection.check(code, sql: sql)
        return code == SQLITE_ROW
    }

    private func row() -> SQLiteRow {
        SQLiteRow(columns: (0..<sqlite.columnCount(handle)).map { index in
            SQLiteRow.Column(name: sqlite.columnName(handle, index).map { String(cString: $0) } ?? "",
                             table: sqlite.columnTableName?(handle, index).map { String(cString: $0) },
                             origin: sqlite.columnOriginName?(handle, index).map { String(cString: $0) },
                             value: value(at: index))
        })
    }

    private func value(at index: Int32) -> SQLiteValue {
        switch sqlite.columnType(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite.columnInt64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite.columnDouble(handle, index))
        case SQLITE_NULL: return .null
        case SQLITE_TEXT:
            // The text first, then its length in bytes, as SQLite asks (the text may be converted).
            guard let start = sqlite.columnText(handle, index) else { return .bytes(0) }
            let bytes = UnsafeBufferPointer(start: start, count: Int(sqlite.columnBytes(handle, index)))
            return String(validating: bytes, as: UTF8.self).map(SQLiteValue.text) ?? .bytes(bytes.count)
        default: return .bytes(Int(sqlite.columnBytes(handle, index)))
        }
    }
}
