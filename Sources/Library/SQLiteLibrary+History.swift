import FoundationEssentials
import GRDB
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func remember(search query: String) throws(LibraryError) {
        try writing { db in
            try db.execute(sql: "INSERT INTO searchHistory (query, at) VALUES (?, ?)", arguments: [query, Date().timeIntervalSince1970])
        }
    }

    public func searches(limit: Int) throws(LibraryError) -> [String] {
        try reading { db in
            try String.fetchAll(db, sql: """
                SELECT query FROM searchHistory GROUP BY query ORDER BY MAX(id) DESC LIMIT ?
                """, arguments: [limit])
        }
    }

    public func remember(play recording: Recording) throws(LibraryError) {
        try writing { db in
            try Self.store(recording, in: db)
            try db.execute(sql: "INSERT INTO playHistory (recording, at) VALUES (?, ?)", arguments: [recording.id, Date().timeIntervalSince1970])
        }
    }

    public func plays(limit: Int) throws(LibraryError) -> [PlayedRecording] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT recording.json, playHistory.at FROM playHistory JOIN recording ON recording.id = playHistory.recording
                ORDER BY playHistory.id DESC LIMIT ?
                """, arguments: [limit]).compactMap { row in
                RecordingJSON.recording(from: row["json"]).map { PlayedRecording(recording: $0, at: Date(timeIntervalSince1970: row["at"])) }
            }
        }
    }

    public func clearHistory() throws(LibraryError) {
        try writing { db in
            try db.execute(sql: "DELETE FROM searchHistory; DELETE FROM playHistory;")
        }
    }
}

extension SQLiteLibrary {
    public func species() throws(LibraryError) -> [KnownSpecies] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT scientificName, MAX(englishName) AS englishName FROM recording
                WHERE scientificName != '' GROUP BY scientificName ORDER BY scientificName
                """).map { KnownSpecies(english: $0["englishName"], scientific: $0["scientificName"]) }
        }
    }
}
