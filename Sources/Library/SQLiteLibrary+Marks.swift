import FoundationEssentials
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func marks(on subject: MarkSubject) throws(LibraryError) -> [StoredMark] {
        try reading { db throws(SQLiteFailure) in
            // An older library read as it is (read-only, so not brought up to date) holds no marks.
            guard try Self.hasMarks(db) else { return [] }
            return try db.rows("""
                SELECT id AS "mark.rowid", id, startSeconds, endSeconds, lowHz, highHz, label, made FROM mark
                WHERE subject = ? ORDER BY startSeconds, id
                """, [.text(subject.key)]) { row throws(SQLiteRowProblem) in
                StoredMark(id: Int64(try row.integer("id")), subject: subject, region: try Self.region(row),
                           made: Date(timeIntervalSince1970: try row.double("made")))
            }
        }
    }

    public func add(marks regions: [MarkedRegion], on subject: MarkSubject) throws(LibraryError) -> [Int64] {
        try refuseWithoutMarks()
        return try writing { db throws(SQLiteFailure) in
            let now = Date().timeIntervalSince1970
            var ids: [Int64] = []
            for region in regions {
                ids += try db.rows("""
                    INSERT INTO mark (subject, startSeconds, endSeconds, lowHz, highHz, label, made) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, [.text(subject.key)] + Self.values(region) + [.real(now)]) { row throws(SQLiteRowProblem) in Int64(try row.integer("id")) }
            }
            return ids
        }
    }

    public func change(mark id: Int64, to region: MarkedRegion) throws(LibraryError) -> Bool {
        try refuseWithoutMarks()
        return try writing { db throws(SQLiteFailure) in
            try db.execute("UPDATE mark SET startSeconds = ?, endSeconds = ?, lowHz = ?, highHz = ?, label = ? WHERE id = ?",
                           Self.values(region) + [.integer(id)])
            return db.changes > 0
        }
    }

    public func removeMark(id: Int64) throws(LibraryError) -> Bool {
        try refuseWithoutMarks()
        return try writing { db throws(SQLiteFailure) in
            try db.execute("DELETE FROM mark WHERE id = ?", [.integer(id)])
            return db.changes > 0
        }
    }

    public func markedFiles() throws(LibraryError) -> [String] {
        try reading { db throws(SQLiteFailure) in
            guard try Self.hasMarks(db) else { return [] }
            return try db.rows("SELECT DISTINCT subject FROM mark WHERE subject LIKE '/%' ORDER BY subject") { row throws(SQLiteRowProblem) in
                try row.text("subject")
            }
        }
    }

    public func moveMarks(from: MarkSubject, to: MarkSubject) throws(LibraryError) -> Int {
        try refuseWithoutMarks()
        return try writing { db throws(SQLiteFailure) in
            try db.execute("UPDATE mark SET subject = ? WHERE subject = ?", [.text(to.key), .text(from.key)])
            return db.changes
        }
    }

    static func hasMarks(_ db: SQLiteConnection) throws(SQLiteFailure) -> Bool {
        !(try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'mark'") { row throws(SQLiteRowProblem) in try row.text("name") }).isEmpty
    }

    /// An older library that could not be brought up to date (it is read-only) has no table of marks.
    private func refuseWithoutMarks() throws(LibraryError) {
        guard try reading({ db throws(SQLiteFailure) in try Self.hasMarks(db) }) else {
            throw .unusable(path: path, reason: "it cannot be written: the file, its folder or SQLite's -wal and -shm beside it are read-only")
        }
    }

    private static func values(_ region: MarkedRegion) -> [SQLiteValue] {
        [.real(region.start), .real(region.end), region.band.map { .real($0.lowerBound) } ?? .null,
         region.band.map { .real($0.upperBound) } ?? .null, .text(region.label)]
    }

    /// A mark's region, each value checked as a region's are where it is made.
    private static func region(_ row: SQLiteRow) throws(SQLiteRowProblem) -> MarkedRegion {
        let start = try row.value("startSeconds", expected: "a time from 0 to 1000000 seconds") { time($0) }
        let end = try row.value("endSeconds", expected: "a time from the start to 1000000 seconds") { time($0).flatMap { $0 >= start ? $0 : nil } }
        let low = try row.value("lowHz", expected: "a frequency or nothing") { frequency($0) }
        let high = try row.value("highHz", expected: "a frequency from the low one, or nothing") { value -> Double?? in
            guard let high = frequency(value) else { return nil }
            switch (low, high) {
            case (nil, nil): return .some(nil)
            case (let low?, let high?) where high >= low: return .some(high)
            default: return nil
            }
        }
        let band = low.flatMap { low in high.map { low...$0 } }
        guard let region = MarkedRegion(start: start, end: end, band: band, label: try row.text("label")) else {
            throw SQLiteRowProblem(table: "mark", row: nil, column: "startSeconds", found: "a region out of range")
        }
        return region
    }

    private static func time(_ value: SQLiteValue) -> Double? {
        switch value {
        case .real(let seconds) where MarkedRegion.isTime(seconds): seconds
        case .integer(let seconds) where MarkedRegion.isTime(Double(seconds)): Double(seconds)
        default: nil
        }
    }

    /// `.some(nil)` for NULL, nil for what is not a frequency.
    private static func frequency(_ value: SQLiteValue) -> Double?? {
        switch value {
        case .null: .some(nil)
        case .real(let hertz) where MarkedRegion.isFrequency(hertz): .some(hertz)
        case .integer(let hertz) where MarkedRegion.isFrequency(Double(hertz)): .some(Double(hertz))
        default: nil
        }
    }
}
