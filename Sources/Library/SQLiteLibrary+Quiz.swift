import FoundationEssentials
import GRDB
import LibraryModel

extension SQLiteLibrary {
    public func quizCards() throws(LibraryError) -> [QuizCardRecord] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT species, soundType, state, lastRecording FROM quizCard ORDER BY species, soundType").map { row in
                QuizCardRecord(species: row["species"], soundType: row["soundType"], state: row["state"], lastRecording: row["lastRecording"])
            }
        }
    }

    public func save(answer: QuizAnswerRecord, card: QuizCardRecord) throws(LibraryError) {
        try writing { db in
            try db.execute(sql: """
                INSERT INTO quizCard (species, soundType, state, lastRecording) VALUES (?, ?, ?, ?)
                ON CONFLICT(species, soundType) DO UPDATE SET state = excluded.state, lastRecording = excluded.lastRecording
                """, arguments: [card.species, card.soundType, card.state, card.lastRecording])
            try db.execute(sql: """
                INSERT INTO quizAnswer (species, soundType, recording, named, rating, hinted, at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [answer.species, answer.soundType, answer.recording, answer.named, answer.rating, answer.hinted,
                                 answer.at.timeIntervalSince1970])
        }
    }

    public func quizAnswers(limit: Int) throws(LibraryError) -> [QuizAnswerRecord] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT species, soundType, recording, named, rating, hinted, at FROM quizAnswer ORDER BY id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                QuizAnswerRecord(species: row["species"], soundType: row["soundType"], recording: row["recording"], named: row["named"],
                                 rating: row["rating"], hinted: row["hinted"], at: Date(timeIntervalSince1970: row["at"]))
            }
        }
    }
}
