import FoundationEssentials
import LibraryModel

extension SQLiteLibrary {
    public func quizCards() throws(LibraryError) -> [QuizCardRecord] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT rowid AS "quizCard.rowid", species, soundType, state, lastRecording FROM quizCard ORDER BY species, soundType
                """) { row throws(SQLiteRowProblem) in
                QuizCardRecord(species: try row.text("species"), soundType: try row.text("soundType"), state: try row.text("state"),
                               lastRecording: try row.optionalText("lastRecording"))
            }
        }
    }

    public func save(answer: QuizAnswerRecord, card: QuizCardRecord) throws(LibraryError) {
        try writing { db throws(SQLiteFailure) in
            try db.execute("""
                INSERT INTO quizCard (species, soundType, state, lastRecording) VALUES (?, ?, ?, ?)
                ON CONFLICT(species, soundType) DO UPDATE SET state = excluded.state, lastRecording = excluded.lastRecording
                """, [.text(card.species), .text(card.soundType), .text(card.state), SQLiteValue(card.lastRecording)])
            try db.execute("""
                INSERT INTO quizAnswer (species, soundType, recording, named, rating, hinted, at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(answer.species), .text(answer.soundType), .text(answer.recording), SQLiteValue(answer.named),
                      SQLiteValue(answer.rating), SQLiteValue(answer.hinted), .real(answer.at.timeIntervalSince1970)])
        }
    }

    public func quizAnswers(limit: Int) throws(LibraryError) -> [QuizAnswerRecord] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT id AS "quizAnswer.rowid", species, soundType, recording, named, rating, hinted, at FROM quizAnswer ORDER BY id DESC LIMIT ?
                """, [SQLiteValue(limit)]) { row throws(SQLiteRowProblem) in
                QuizAnswerRecord(species: try row.text("species"), soundType: try row.text("soundType"), recording: try row.text("recording"),
                                 named: try row.optionalText("named"), rating: try row.integer("rating"), hinted: try row.bool("hinted"),
                                 at: Date(timeIntervalSince1970: try row.double("at")))
            }
        }
    }
}
