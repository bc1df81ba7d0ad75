import FoundationEssentials
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func lists() throws(LibraryError) -> [ListSummary] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT list.rowid AS "list.rowid", list.name, COUNT(listMember.recording) AS recordings FROM list
                LEFT JOIN listMember ON listMember.list = list.name GROUP BY list.name ORDER BY list.name
                """) { row throws(SQLiteRowProblem) in ListSummary(name: try row.name("name"), recordings: try row.integer("recordings")) }
        }
    }

    public func list(named name: PackName) throws(LibraryError) -> [Recording]? {
        try reading { db throws(SQLiteFailure) in
            guard !(try db.rows("SELECT 1 AS found FROM list WHERE name = ?", [.text(name.text)]) { _ throws(SQLiteRowProblem) in true }).isEmpty else {
                return nil
            }
            return try db.rows("""
                SELECT recording.rowid AS "recording.rowid", recording.json FROM listMember
                JOIN recording ON recording.id = listMember.recording
                WHERE listMember.list = ? ORDER BY listMember.added, listMember.rowid
                """, [.text(name.text)]) { row throws(SQLiteRowProblem) in RecordingJSON.recording(from: try row.text("json")) }.compactMap { $0 }
        }
    }

    public func add(_ recording: Recording, toList name: PackName) throws(LibraryError) -> Bool {
        try writing { db throws(SQLiteFailure) in
            let now = Date().timeIntervalSince1970
            try db.execute("INSERT INTO list (name, made) VALUES (?, ?) ON CONFLICT(name) DO NOTHING", [.text(name.text), .real(now)])
            try Self.store(recording, in: db)
            try db.execute("INSERT INTO listMember (list, recording, added) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           [.text(name.text), .text(recording.id), .real(now)])
            return db.changes > 0
        }
    }

    public func remove(ids: [String], fromList name: PackName) throws(LibraryError) -> Int {
        try writing { db throws(SQLiteFailure) in
            var removed = 0
            for id in ids {
                try db.execute("DELETE FROM listMember WHERE list = ? AND recording = ?", [.text(name.text), .text(id)])
                removed += db.changes
            }
            return removed
        }
    }

    public func members(ofList name: PackName) throws(LibraryError) -> Set<String> {
        try reading { db throws(SQLiteFailure) in
            Set(try db.rows("""
                SELECT rowid AS "listMember.rowid", recording FROM listMember WHERE list = ?
                """, [.text(name.text)]) { row throws(SQLiteRowProblem) in try row.text("recording") })
        }
    }
}
