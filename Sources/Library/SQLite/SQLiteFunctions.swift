import CSQLite
import SystemAccess

/// libsqlite3's functions, looked up when a command first opens the library (`SharedLibrary`), not
/// linked: a play, a search and `--help` never load it.
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
struct SQLiteFunctions: @unchecked Sendable {
    typealias Database = OpaquePointer
    typealias Statement = OpaquePointer

    let openV2: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let closeV2: @convention(c) (Database?) -> Int32
    let extendedResultCodes: @convention(c) (Database?, Int32) -> Int32
    let busyTimeout: @convention(c) (Database?, Int32) -> Int32
    let errmsg: @convention(c) (Database?) -> UnsafePointer<CChar>?
    let errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let extendedErrcode: @convention(c) (Database?) -> Int32
    let changes: @convention(c) (Database?) -> Int32
    let getAutocommit: @convention(c) (Database?) -> Int32

    let prepareV2: @convention(c) (Database?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Statement?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32
    let bindInt64: @convention(c) (Statement?, Int32, sqlite3_int64) -> Int32
    let bindDouble: @convention(c) (Statement?, Int32, Double) -> Int32
    let bindNull: @convention(c) (Statement?, Int32) -> Int32
    let bindParameterCount: @convention(c) (Statement?) -> Int32

    let columnCount: @convention(c) (Statement?) -> Int32
    let columnName: @convention(c) (Statement?, Int32) -> UnsafePointer<CChar>?
    /// Where a column was read from: only in builds with SQLITE_ENABLE_COLUMN_METADATA (Debian's has
    /// it); without them a bad value is named by the column's name alone.
    let columnTableName: (@convention(c) (Statement?, Int32) -> UnsafePointer<CChar>?)?
    let columnOriginName: (@convention(c) (Statement?, Int32) -> UnsafePointer<CChar>?)?
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnInt64: @convention(c) (Statement?, Int32) -> sqlite3_int64
    let columnDouble: @convention(c) (Statement?, Int32) -> Double
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
    let columnBytes: @convention(c) (Statement?, Int32) -> Int32

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        openV2 = try library.function("sqlite3_open_v2")
        closeV2 = try library.function("sqlite3_close_v2")
        extendedResultCodes = try library.function("sqlite3_extended_result_codes")
        busyTimeout = try library.function("sqlite3_busy_timeout")
        errmsg = try library.function("sqlite3_errmsg")
        errstr = try library.function("sqlite3_errstr")
        extendedErrcode = try library.function("sqlite3_extended_errcode")
        changes = try library.function("sqlite3_changes")
        getAutocommit = try library.function("sqlite3_get_autocommit")
        prepareV2 = try library.function("sqlite3_prepare_v2")
        step = try library.function("sqlite3_step")
        finalize = try library.function("sqlite3_finalize")
        bindText = try library.function("sqlite3_bind_text")
        bindInt64 = try library.function("sqlite3_bind_int64")
        bindDouble = try library.function("sqlite3_bind_double")
        bindNull = try library.function("sqlite3_bind_null")
        bindParameterCount = try library.function("sqlite3_bind_parameter_count")
        columnCount = try library.function("sqlite3_column_count")
        columnName = try library.function("sqlite3_column_name")
        columnTableName = try? library.function("sqlite3_column_table_name")
        columnOriginName = try? library.function("sqlite3_column_origin_name")
        columnType = try library.function("sqlite3_column_type")
        columnInt64 = try library.function("sqlite3_column_int64")
        columnDouble = try library.function("sqlite3_column_double")
        columnText = try library.function("sqlite3_column_text")
        columnBytes = try library.function("sqlite3_column_bytes")
    }

    /// Opened and looked up once, on first use; the failure kept, to be told to whoever asks.
    static let loaded = SharedLibrary.functions("libsqlite3.so.0", package: "libsqlite3-0", SQLiteFunctions.init)
}
