import CSQLite
@testable import Library
import SystemAccess
import Testing

/// `SQLiteFunctions`, libsqlite3's function table: each entry, looked up by name at run time, has the
/// type Swift imports from sqlite3.h for that name (else this file does not compile) and is the very
/// function the linker binds to that name. This test binary links libsqlite3; the player does not.
struct SQLiteFunctionsTests {
    @Test func everyFunctionIsTheOneItsHeaderDeclares() throws {
        let sqlite = try SQLiteFunctions.loaded.get()
        same(sqlite.openV2, sqlite3_open_v2, "sqlite3_open_v2")
        same(sqlite.closeV2, sqlite3_close_v2, "sqlite3_close_v2")
        same(sqlite.extendedResultCodes, sqlite3_extended_result_codes, "sqlite3_extended_result_codes")
        same(sqlite.busyTimeout, sqlite3_busy_timeout, "sqlite3_busy_timeout")
        same(sqlite.errmsg, sqlite3_errmsg, "sqlite3_errmsg")
        same(sqlite.errstr, sqlite3_errstr, "sqlite3_errstr")
        same(sqlite.extendedErrcode, sqlite3_extended_errcode, "sqlite3_extended_errcode")
        same(sqlite.changes, sqlite3_changes, "sqlite3_changes")
        same(sqlite.getAutocommit, sqlite3_get_autocommit, "sqlite3_get_autocommit")
        same(sqlite.prepareV2, sqlite3_prepare_v2, "sqlite3_prepare_v2")
        same(sqlite.step, sqlite3_step, "sqlite3_step")
        same(sqlite.finalize, sqlite3_finalize, "sqlite3_finalize")
        same(sqlite.bindText, sqlite3_bind_text, "sqlite3_bind_text")
        same(sqlite.bindInt64, sqlite3_bind_int64, "sqlite3_bind_int64")
        same(sqlite.bindDouble, sqlite3_bind_double, "sqlite3_bind_double")
        same(sqlite.bindNull, sqlite3_bind_null, "sqlite3_bind_null")
        same(sqlite.bindParameterCount, sqlite3_bind_parameter_count, "sqlite3_bind_parameter_count")
        same(sqlite.columnCount, sqlite3_column_count, "sqlite3_column_count")
        same(sqlite.columnName, sqlite3_column_name, "sqlite3_column_name")
        same(try #require(sqlite.columnTableName), sqlite3_column_table_name, "sqlite3_column_table_name")
        same(try #require(sqlite.columnOriginName), sqlite3_column_origin_name, "sqlite3_column_origin_name")
        same(sqlite.columnType, sqlite3_column_type, "sqlite3_column_type")
        same(sqlite.columnInt64, sqlite3_column_int64, "sqlite3_column_int64")
        same(sqlite.columnDouble, sqlite3_column_double, "sqlite3_column_double")
        same(sqlite.columnText, sqlite3_column_text, "sqlite3_column_text")
        same(sqlite.columnBytes, sqlite3_column_bytes, "sqlite3_column_bytes")
    }

    private func same<F>(_ looked: F, _ declared: F, _ name: String) {
        #expect(SharedLibrary.same(looked, declared) == true, "\(name): \(F.self)")
    }
}
