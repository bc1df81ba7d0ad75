import FoundationEssentials
import LibraryModel
import XenoCanto

/// Anki's collection file as its packages carry it (`collection.anki2`, schema 11, which every Anki
/// since 2.1 imports): one deck, one note type with one card template, its notes, and a new card each.
public enum AnkiCollectionFile {
    public struct Deck: Sendable {
        public var id: Int64
        public var name: String
        /// HTML.
        public var description: String

        public init(id: Int64, name: String, description: String) {
            self.id = id
            self.name = name
            self.description = description
        }
    }

    public struct NoteType: Sendable {
        public var id: Int64
        public var name: String
        public var fieldNames: [String]
        /// The card's two sides, as Anki templates.
        public var question: String
        public var answer: String
        public var style: String

        public init(id: Int64, name: String, fieldNames: [String], question: String, answer: String, style: String) {
            (self.id, self.name, self.fieldNames, self.question, self.answer, self.style) = (id, name, fieldNames, question, answer, style)
        }
    }

    public struct Note: Sendable {
        public var id: Int64
        public var guid: String
        /// HTML, one per field of the note type.
        public var fields: [String]
        public var tags: [String]

        public init(id: Int64, guid: String, fields: [String], tags: [String]) {
            (self.id, self.guid, self.fields, self.tags) = (id, guid, fields, tags)
        }
    }

    /// Writes a new collection at `path` (which must not exist). `now`: seconds since 1970, the notes'
    /// time of change: Anki updates a note it has when the imported one is newer.
    public static func write(to path: String, deck: Deck, noteType: NoteType, notes: [Note], now: Double) throws(LibraryError) {
        do {
            let db = try SQLiteConnection(path: path)
            let seconds = Int64(now)
            try db.transaction(writing: true) { () throws(SQLiteFailure) in
                try db.execute(schema)
                try db.execute("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, '{}', ?, ?, ?, '{}')", [
                    .integer(seconds - seconds % 86_400), .integer(seconds * 1000), .integer(seconds * 1000),
                    .text(json(noteTypes(noteType, deck: deck, now: seconds))), .text(json(decks(deck, now: seconds))), .text(json(options)),
                ])
                for (position, note) in notes.enumerated() {
                    try db.execute("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, 0, 0, '')", [
                        .integer(note.id), .text(note.guid), .integer(noteType.id), .integer(seconds),
                        .text(note.tags.isEmpty ? "" : " " + note.tags.joined(separator: " ") + " "),
                        .text(note.fields.joined(separator: "\u{1f}")), .text(note.fields.first ?? ""),
                    ])
                    // A new card (type and queue 0), in the deck's order.
                    try db.execute("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
                        .integer(note.id), .integer(note.id), .integer(deck.id), .integer(seconds), .integer(Int64(position + 1)),
                    ])
                }
            }
        } catch {
            throw SQLiteLibrary.problem(error, path: path)
        }
    }

    static let schema = """
        CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, ver integer NOT NULL,
            dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
            dconf text NOT NULL, tags text NOT NULL);
        CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL,
            tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
        CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, mod integer NOT NULL,
            usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL,
            factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
            odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL, ivl integer NOT NULL,
            lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
        CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
        CREATE INDEX ix_notes_usn ON notes (usn);
        CREATE INDEX ix_cards_usn ON cards (usn);
        CREATE INDEX ix_revlog_usn ON revlog (usn);
        CREATE INDEX ix_cards_nid ON cards (nid);
        CREATE INDEX ix_cards_sched ON cards (did, queue, due);
        CREATE INDEX ix_revlog_cid ON revlog (cid);
        CREATE INDEX ix_notes_csum ON notes (csum);
        """

    private static func noteTypes(_ type: NoteType, deck: Deck, now: Int64) -> JSONValue {
        let fields: [JSONValue] = type.fieldNames.enumerated().map { order, name in
            .object(["name": .string(name), "ord": .integer(Int64(order)), "sticky": .bool(false), "rtl": .bool(false),
                     "font": .string("Arial"), "size": .integer(20), "media": .array([])])
        }
        let template: JSONValue = .object([
            "name": .string("Hear it"), "ord": .integer(0), "qfmt": .string(type.question), "afmt": .string(type.answer),
            "did": .null, "bqfmt": .string(""), "bafmt": .string(""),
        ])
        return .object([String(type.id): .object([
            "id": .integer(type.id), "name": .string(type.name), "type": .integer(0), "mod": .integer(now), "usn": .integer(-1),
            "sortf": .integer(0), "did": .integer(deck.id), "tmpls": .array([template]), "flds": .array(fields), "css": .string(type.style),
            "latexPre": .string("\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n"),
            "latexPost": .string("\\end{document}"), "tags": .array([]), "vers": .array([]),
            "req": .array([.array([.integer(0), .string("any"), .array([.integer(3)])])]),
        ])])
    }

    private static func decks(_ deck: Deck, now: Int64) -> JSONValue {
        func entry(id: Int64, name: String, description: String) -> JSONValue {
            .object([
                "id": .integer(id), "name": .string(name), "desc": .string(description), "mod": .integer(now), "usn": .integer(-1),
                "collapsed": .bool(false), "browserCollapsed": .bool(false), "dyn": .integer(0), "conf": .integer(1),
                "extendNew": .integer(10), "extendRev": .integer(50),
                "newToday": .array([.integer(0), .integer(0)]), "revToday": .array([.integer(0), .integer(0)]),
                "lrnToday": .array([.integer(0), .integer(0)]), "timeToday": .array([.integer(0), .integer(0)]),
            ])
        }
        return .object(["1": entry(id: 1, name: "Default", description: ""),
                        String(deck.id): entry(id: deck.id, name: deck.name, description: deck.description)])
    }

    private static let options: JSONValue = .object(["1": .object([
        "id": .integer(1), "name": .string("Default"), "mod": .integer(0), "usn": .integer(0), "maxTaken": .integer(60),
        "autoplay": .bool(true), "timer": .integer(0), "replayq": .bool(true), "dyn": .bool(false),
        "new": .object(["delays": .array([.integer(1), .integer(10)]), "ints": .array([.integer(1), .integer(4), .integer(0)]),
                        "initialFactor": .integer(2500), "order": .integer(1), "perDay": .integer(20), "bury": .bool(false)]),
        "lapse": .object(["delays": .array([.integer(10)]), "mult": .integer(0), "minInt": .integer(1),
                          "leechFails": .integer(8), "leechAction": .integer(1)]),
        "rev": .object(["perDay": .integer(200), "ease4": .number(1.3), "ivlFct": .integer(1), "maxIvl": .integer(36_500),
                        "bury": .bool(false), "hardFactor": .number(1.2)]),
    ])])

    private static func json(_ value: JSONValue) -> String {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
