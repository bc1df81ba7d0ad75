import FoundationEssentials
import GRDB
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func lists() throws(LibraryError) -> [ListSummary] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT list.name, COUNT(listMember.recording) AS recordings FROM list
                LEFT JOIN listMember ON listMember.list = list.name GROUP BY list.name ORDER BY list.name
                """).compactMap { row in PackName(row["name"]).map { ListSummary(name: $0, recordings: row["recordings"]) } }
        }
    }

    public func list(named name: PackName) throws(LibraryError) -> [Recording]? {
        try reading { db in
            guard try Row.fetchOne(db, sql: "SELECT 1 FROM list WHERE name = ?", arguments: [name.text]) != nil else { return nil }
            return try String.fetchAll(db, sql: """
                SELECT recording.json FROM listMember JOIN recording ON recording.id = listMember.recording
                WHERE listMember.list = ? ORDER BY listMember.added, listMember.rowid
                """, arguments: [name.text]).compactMap(RecordingJSON.recording)
        }
    }

    public func add(_ recording: Recording, toList name: PackName) throws(LibraryError) -> Bool {
        try writing { db in
            let now = Date().timeIntervalSince1970
            try db.execute(sql: "INSERT INTO list (name, made) VALUES (?, ?) ON CONFLICT(name) DO NOTHING", arguments: [name.text, now])
            try Self.store(recording, in: db)
            try db.execute(sql: "INSERT INTO listMember (list, recording, added) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [name.text, recording.id, now])
            return db.changesCount > 0
        }
    }

    public func remove(ids: [String], fromList name: PackName) throws(LibraryError) -> Int {
        try writing { db in
            var removed = 0
            for id in ids {
                try db.execute(sql: "DELETE FROM listMember WHERE list = ? AND recording = ?", arguments: [name.text, id])
                removed += db.changesCount
            }
            return removed
        }
    }

    public func members(ofList name: PackName) throws(LibraryError) -> Set<String> {
        try reading { db in
            Set(try String.fetchAll(db, sql: "SELECT recording FROM listMember WHERE list = ?", arguments: [name.text]))
        }
    }
}
