import FoundationEssentials
import GRDB
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func recordings(ids: [String]) throws(LibraryError) -> [Recording] {
        try reading { db in
            var found: [Recording] = []
            // In slices, within SQLite's limit on a statement's arguments.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let slice = Array(ids[start..<min(ids.count, start + 500)])
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                found += try String.fetchAll(db, sql: "SELECT json FROM recording WHERE id IN (\(marks))", arguments: StatementArguments(slice))
                    .compactMap(RecordingJSON.recording)
            }
            return found
        }
    }

    /// Keeps `recording`'s metadata (its JSON as the API sent it, else as Chirper writes it) and the
    /// columns the library asks by, replacing an older copy.
    static func store(_ recording: Recording, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO recording (id, json, scientificName, englishName, soundType, quality, seconds, licence, saved)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET json = excluded.json, scientificName = excluded.scientificName,
                englishName = excluded.englishName, soundType = excluded.soundType, quality = excluded.quality,
                seconds = excluded.seconds, licence = excluded.licence, saved = excluded.saved
            """, arguments: [recording.id, RecordingJSON.text(of: recording), recording.scientificName,
                             recording.englishName, recording.soundType, recording.quality, recording.duration,
                             recording.licence, Date().timeIntervalSince1970])
    }
}

