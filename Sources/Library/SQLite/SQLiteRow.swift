import DisplayText

/// One row read from a statement. Each value is checked as it is taken: one that is not what belongs
/// there is a `SQLiteRowProblem` naming its table, row and column, never a crash.
struct SQLiteRow {
    struct Column {
        let name: String
        /// The table and column it was read from, when it is a column of a table.
        let table: String?
        let origin: String?
        let value: SQLiteValue
    }

    let columns: [Column]

    /// The value of column `name` as `make` reads it; nil from `make` is a problem naming what was
    /// `expected` there.
    func value<T>(_ name: String, expected: String, _ make: (SQLiteValue) -> T?) throws(SQLiteRowProblem) -> T {
        guard let column = columns.first(where: { $0.name == name }) else {
            throw SQLiteRowProblem(table: "?", row: nil, column: name, found: "no such column in what was read")
        }
        guard let value = make(column.value) else { throw problem(column, expected: expected) }
        return value
    }

    func text(_ name: String) throws(SQLiteRowProblem) -> String {
        try value(name, expected: "text") { if case .text(let text) = $0 { text } else { nil } }
    }

    func optionalText(_ name: String) throws(SQLiteRowProblem) -> String? {
        try value(name, expected: "text or nothing") { value -> String?? in
            switch value {
            case .null: .some(nil)
            case .text(let text): .some(text)
            default: nil
            }
        }
    }

    func integer(_ name: String) throws(SQLiteRowProblem) -> Int {
        try value(name, expected: "a whole number") { if case .integer(let number) = $0 { Int(exactly: number) } else { nil } }
    }

    func bool(_ name: String) throws(SQLiteRowProblem) -> Bool {
        try value(name, expected: "0 or 1") { if case .integer(let number) = $0, number == 0 || number == 1 { number == 1 } else { nil } }
    }

    /// A number (a time in seconds since 1970, a length): REAL or INTEGER, finite.
    func double(_ name: String) throws(SQLiteRowProblem) -> Double {
        try value(name, expected: "a number") { value in
            switch value {
            case .real(let number) where number.isFinite: number
            case .integer(let number): Double(number)
            default: nil
            }
        }
    }

    /// Where `column` is: its table, the row's rowid in that table when the query read it (as a column
    /// named `TABLE.rowid`), its column.
    private func problem(_ column: Column, expected: String) -> SQLiteRowProblem {
        let table = column.table ?? "?"
        let rowid = columns.first { $0.name == "\(table).rowid" }.flatMap { column -> Int64? in
            if case .integer(let id) = column.value { return id }
            return nil
        }
        return SQLiteRowProblem(table: table, row: rowid, column: column.origin ?? column.name, found: "\(Self.describe(column.value)) where \(expected) belongs")
    }

    private static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: return "nothing (NULL)"
        case .integer(let number): return "the number \(number)"
        case .real(let number): return "the number \(number)"
        case .text(let text):
            let shown = Displayable.line(String(text.unicodeScalars.prefix(40)))
            return "the text \"\(shown)\(text.unicodeScalars.count > 40 ? "…" : "")\""
        case .bytes(let count): return "\(count) bytes that are not text"
        }
    }
}
