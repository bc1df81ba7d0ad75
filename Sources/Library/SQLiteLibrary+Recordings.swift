import FoundationEssentials
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func recordings(ids: [String]) throws(LibraryError) -> [Recording] {
        try reading { db throws(SQLiteFailure) in
            var found: [Recording] = []
            // In slices, within SQLite's limit on a statement's arguments.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let slice = ids[start..<min(ids.count, start + 500)]
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                found += try db.rows("""
                    SELECT rowid AS "recording.rowid", json FROM recording WHERE id IN (\(marks))
                    """, slice.map(SQLiteValue.text)) { row throws(SQLiteRowProblem) in
                    RecordingJSON.recording(from: try row.text("json"))
                }.compactMap { $0 }
            }
            return found
        }
    }

    /// Keeps `recording`'s metadata (its JSON as the API sent it, else as Chirper writes it) and the
    /// columns the library asks by, replacing an older copy.
    static func store(_ recording: Recording, in db: SQLiteConnection) throws(SQLiteFailure) {
        try db.execute("""
            INSERT INTO recording (id, json, scientificName, englishName, soundType, quality, seconds, licence, saved)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET json = excluded.json, scientificName = excluded.scientificName,
                englishName = excluded.englishName, soundType = excluded.soundType, quality = excluded.quality,
                seconds = excluded.seconds, licence = excluded.licence, saved = excluded.saved
            """, [.text(recording.id), .text(RecordingJSON.text(of: recording)), SQLiteValue(recording.scientificName),
                  SQLiteValue(recording.englishName), SQLiteValue(recording.soundType), SQLiteValue(recording.quality),
                  recording.duration.map(SQLiteValue.real) ?? .null, SQLiteValue(recording.licence), .real(Date().timeIntervalSince1970)])
    }
}
