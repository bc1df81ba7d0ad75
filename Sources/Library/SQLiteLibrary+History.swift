import FoundationEssentials
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func remember(search query: String) throws(LibraryError) {
        try writing { db throws(SQLiteFailure) in
            try db.execute("INSERT INTO searchHistory (query, at) VALUES (?, ?)", [.text(query), .real(Date().timeIntervalSince1970)])
        }
    }

    public func searches(limit: Int) throws(LibraryError) -> [String] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT MAX(id) AS "searchHistory.rowid", query FROM searchHistory GROUP BY query ORDER BY MAX(id) DESC LIMIT ?
                """, [SQLiteValue(limit)]) { row throws(SQLiteRowProblem) in try row.text("query") }
        }
    }

    public func remember(play recording: Recording) throws(LibraryError) {
        try remember(plays: [recording])
    }

    public func remember(plays recordings: [Recording]) throws(LibraryError) {
        try writing { db throws(SQLiteFailure) in
            for recording in recordings {
                try Self.store(recording, in: db)
                try db.execute("INSERT INTO playHistory (recording, at) VALUES (?, ?)", [.text(recording.id), .real(Date().timeIntervalSince1970)])
            }
        }
    }

    public func plays(limit: Int) throws(LibraryError) -> [PlayedRecording] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT playHistory.id AS "playHistory.rowid", recording.rowid AS "recording.rowid", recording.json, playHistory.at
                FROM playHistory JOIN recording ON recording.id = playHistory.recording
                ORDER BY playHistory.id DESC LIMIT ?
                """, [SQLiteValue(limit)]) { row throws(SQLiteRowProblem) -> PlayedRecording? in
                let at = Date(timeIntervalSince1970: try row.double("at"))
                return RecordingJSON.recording(from: try row.text("json")).map { PlayedRecording(recording: $0, at: at) }
            }.compactMap { $0 }
        }
    }

    public func clearHistory() throws(LibraryError) {
        try writing { db throws(SQLiteFailure) in
            try db.execute("DELETE FROM searchHistory; DELETE FROM playHistory;")
        }
    }
}

extension SQLiteLibrary {
    public func species() throws(LibraryError) -> [KnownSpecies] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT MIN(rowid) AS "recording.rowid", scientificName, MAX(englishName) AS englishName FROM recording
                WHERE scientificName != '' GROUP BY scientificName ORDER BY scientificName
                """) { row throws(SQLiteRowProblem) in
                KnownSpecies(english: try row.optionalText("englishName"), scientific: try row.text("scientificName"))
            }
        }
    }
}
