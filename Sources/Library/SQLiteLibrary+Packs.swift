import FoundationEssentials
import LibraryModel
import XenoCanto

extension SQLiteLibrary {
    public func packs() throws(LibraryError) -> [PackSummary] {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT pack.rowid AS "pack.rowid", pack.name, pack.source, pack.built, COUNT(packMember.recording) AS recordings,
                    COUNT(DISTINCT recording.scientificName) AS species
                FROM pack LEFT JOIN packMember ON packMember.pack = pack.name
                LEFT JOIN recording ON recording.id = packMember.recording
                GROUP BY pack.name ORDER BY pack.name
                """) { row throws(SQLiteRowProblem) in
                PackSummary(name: try row.name("name"), source: try row.text("source"), built: Date(timeIntervalSince1970: try row.double("built")),
                            recordings: try row.integer("recordings"), species: try row.integer("species"))
            }
        }
    }

    public func pack(named name: PackName) throws(LibraryError) -> StoredPack? {
        try reading { db throws(SQLiteFailure) in
            let found = try db.rows("""
                SELECT rowid AS "pack.rowid", source, built FROM pack WHERE name = ?
                """, [.text(name.text)]) { row throws(SQLiteRowProblem) in
                (source: try row.text("source"), built: Date(timeIntervalSince1970: try row.double("built")))
            }
            guard let pack = found.first else { return nil }
            let members = try db.rows("""
                SELECT recording.rowid AS "recording.rowid", packMember.rowid AS "packMember.rowid",
                    recording.json, packMember.file, packMember.fetched FROM packMember
                JOIN recording ON recording.id = packMember.recording
                WHERE packMember.pack = ? ORDER BY packMember.position
                """, [.text(name.text)], Self.packed).compactMap { $0 }
            return StoredPack(name: name, source: pack.source, built: pack.built, members: members)
        }
    }

    public func save(_ pack: StoredPack) throws(LibraryError) {
        try writing { db throws(SQLiteFailure) in
            try db.execute("DELETE FROM pack WHERE name = ?", [.text(pack.name.text)])
            try db.execute("INSERT INTO pack (name, source, built) VALUES (?, ?, ?)",
                           [.text(pack.name.text), .text(pack.source), .real(pack.built.timeIntervalSince1970)])
            for (position, member) in pack.members.enumerated() {
                try Self.store(member.recording, in: db)
                try db.execute("""
                    INSERT INTO packMember (pack, recording, position, file, fetched) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(pack, recording) DO NOTHING
                    """, [.text(pack.name.text), .text(member.recording.id), SQLiteValue(position), SQLiteValue(member.file),
                          .real(member.fetched.timeIntervalSince1970)])
            }
        }
    }

    public func removePack(named name: PackName) throws(LibraryError) -> Bool {
        try writing { db throws(SQLiteFailure) in
            try db.execute("DELETE FROM pack WHERE name = ?", [.text(name.text)])
            return db.changes > 0
        }
    }

    public func packedRecording(id: String) throws(LibraryError) -> PackedFile? {
        try reading { db throws(SQLiteFailure) in
            try db.rows("""
                SELECT recording.rowid AS "recording.rowid", packMember.rowid AS "packMember.rowid",
                    recording.json, packMember.file, packMember.fetched, packMember.pack FROM packMember
                JOIN recording ON recording.id = packMember.recording
                WHERE packMember.recording = ? AND packMember.file IS NOT NULL ORDER BY packMember.fetched DESC LIMIT 1
                """, [.text(id)]) { row throws(SQLiteRowProblem) -> PackedFile? in
                let pack = try row.name("pack")
                return try Self.packed(row).map { PackedFile(pack: pack, member: $0) }
            }.first ?? nil
        }
    }

    /// A pack's member; nil when its recording's JSON is not one (the row is passed over, as a
    /// recording the API sent that Chirper cannot read).
    private static func packed(_ row: SQLiteRow) throws(SQLiteRowProblem) -> PackedRecording? {
        let json = try row.text("json")
        let file = try row.optionalText("file"), fetched = try row.double("fetched")
        return RecordingJSON.recording(from: json).map { PackedRecording(recording: $0, file: file, fetched: Date(timeIntervalSince1970: fetched)) }
    }
}

extension SQLiteRow {
    /// A pack's or a list's name, as `PackName` checks it.
    func name(_ column: String) throws(SQLiteRowProblem) -> PackName {
        try value(column, expected: "a name (\(PackName.rule))") { if case .text(let text) = $0 { PackName(text) } else { nil } }
    }
}
