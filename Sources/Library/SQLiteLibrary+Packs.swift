import FoundationEssentials
import GRDB
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func packs() throws(LibraryError) -> [PackSummary] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT pack.name, pack.source, pack.built, COUNT(packMember.recording) AS recordings,
                    COUNT(DISTINCT recording.scientificName) AS species
                FROM pack LEFT JOIN packMember ON packMember.pack = pack.name
                LEFT JOIN recording ON recording.id = packMember.recording
                GROUP BY pack.name ORDER BY pack.name
                """).compactMap { row in
                PackName(row["name"]).map { name in
                    PackSummary(name: name, source: row["source"], built: Date(timeIntervalSince1970: row["built"]),
                                recordings: row["recordings"], species: row["species"])
                }
            }
        }
    }

    public func pack(named name: PackName) throws(LibraryError) -> StoredPack? {
        try reading { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT source, built FROM pack WHERE name = ?", arguments: [name.text]) else {
                return nil
            }
            let members = try Row.fetchAll(db, sql: """
                SELECT recording.json, packMember.file, packMember.fetched FROM packMember
                JOIN recording ON recording.id = packMember.recording
                WHERE packMember.pack = ? ORDER BY packMember.position
                """, arguments: [name.text]).compactMap(Self.packed)
            return StoredPack(name: name, source: row["source"], built: Date(timeIntervalSince1970: row["built"]), members: members)
        }
    }

    public func save(_ pack: StoredPack) throws(LibraryError) {
        try writing { db in
            try db.execute(sql: "DELETE FROM pack WHERE name = ?", arguments: [pack.name.text])
            try db.execute(sql: "INSERT INTO pack (name, source, built) VALUES (?, ?, ?)",
                           arguments: [pack.name.text, pack.source, pack.built.timeIntervalSince1970])
            for (position, member) in pack.members.enumerated() {
                try Self.store(member.recording, in: db)
                try db.execute(sql: """
                    INSERT INTO packMember (pack, recording, position, file, fetched) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(pack, recording) DO NOTHING
                    """, arguments: [pack.name.text, member.recording.id, position, member.file,
                                     member.fetched.timeIntervalSince1970])
            }
        }
    }

    public func removePack(named name: PackName) throws(LibraryError) -> Bool {
        try writing { db in
            try db.execute(sql: "DELETE FROM pack WHERE name = ?", arguments: [name.text])
            return db.changesCount > 0
        }
    }

    public func packedRecording(id: String) throws(LibraryError) -> PackedFile? {
        try reading { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT recording.json, packMember.file, packMember.fetched, packMember.pack FROM packMember
                JOIN recording ON recording.id = packMember.recording
                WHERE packMember.recording = ? AND packMember.file IS NOT NULL ORDER BY packMember.fetched DESC LIMIT 1
                """, arguments: [id]), let pack = PackName(row["pack"]), let member = Self.packed(row) else { return nil }
            return PackedFile(pack: pack, member: member)
        }
    }

    private static func packed(_ row: Row) -> PackedRecording? {
        guard let recording = RecordingJSON.recording(from: row["json"]) else { return nil }
        return PackedRecording(recording: recording, file: row["file"], fetched: Date(timeIntervalSince1970: row["fetched"]))
    }
}
