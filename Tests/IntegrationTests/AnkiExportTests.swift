import DemoCatalog
import Foundation
import Testing

extension PlaybackTests.Packs {
/// `pack export --anki`: a demo pack as an Anki package, imported into a new collection by Anki's own
/// Python library (`anki` from PyPI, in the venv `make test-tools` makes); exported again after the
/// pack changed and imported again, the same notes are updated.
@Suite("packs: an Anki deck, read by Anki")
struct AnkiDeck {
    @Test func aPackIsADeckAnkiImportsAndAnExportAgainUpdatesTheSameNotes() async throws {
        let library = PlaybackTests.Packs.Library()
        let list = try PlaybackTests.Packs.speciesFile("Great Tit\nTurdus merula\n")
        try await TestCatalog.withServer { server in
            let built = try await library.run(["pack", "build", "trip", "--species", list, "--per-species", "1", "--max-length", "3"] + server.api)
            try #require(built.status == 0, "\(built.stderr)")
        }
        let deck = library.data.appendingPathComponent("trip.apkg")
        let exported = try await library.run(["pack", "export", "trip", "--anki", deck.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("Wrote \(deck.path): 2 notes, 2 recordings, in the deck Chirper::trip."), "\(exported.stdout)")
        let collection = library.data.appendingPathComponent("anki/collection.anki2")
        try FileManager.default.createDirectory(at: collection.deletingLastPathComponent(), withIntermediateDirectories: true)
        let first = try Anki.importing(deck, into: collection)
        #expect(first.notes.count == 2, "\(first)")
        #expect(first.cards == 2 && first.decks.contains("Chirper::trip"), "\(first)")
        let tit = try #require(first.notes.first { $0.fields["Scientific"] == "Parus major" }, "\(first.notes)")
        #expect(tit.fields["Name"] == "Great Tit" && tit.fields["Sound type"] == "song", "\(tit.fields)")
        #expect(tit.fields["Sound"] == "[sound:chirper-XC900001.mp3]" && tit.fields["Sonogram"] == "<img src=\"chirper-XC900001.png\">", "\(tit.fields)")
        let credits = tit.fields["Credits"] ?? ""
        #expect(credits.contains("XC900001 · Ana Sousa · <a href=\"https://creativecommons.org/licenses/by-nc-sa/4.0/\">CC BY-NC-SA 4.0 (Attribution-NonCommercial-ShareAlike 4.0 International)</a>"), "\(credits)")
        #expect(credits.contains("<a href=\"https://xeno-canto.org/900001\">"), "\(credits)")
        #expect(Set(tit.tags) == ["Paridae", "Parus", "song"], "\(tit.tags)")
        // The media Anki keeps: each MP3 as the pack holds it, each sonogram a PNG.
        let sound = try Data(contentsOf: library.folder("trip").appendingPathComponent("XC900001.mp3"))
        #expect(try Data(contentsOf: first.media.appendingPathComponent("chirper-XC900001.mp3")) == sound)
        let png = try Data(contentsOf: first.media.appendingPathComponent("chirper-XC900087.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 1000)

        // The pack changed (its recordist's name corrected): a second export updates the same notes.
        let packFile = library.folder("trip").appendingPathComponent("pack.json")
        let text = try String(contentsOf: packFile, encoding: .utf8)
        try text.replacingOccurrences(of: "Ana Sousa", with: "Ana Sousa Lima").write(to: packFile, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(1100))  // Anki keeps a note's time of change in whole seconds.
        #expect(try await library.run(["pack", "export", "trip", "--anki", deck.path]).status == 0)
        let second = try Anki.importing(deck, into: collection)
        #expect(second.notes.count == 2 && Set(second.notes.map(\.id)) == Set(first.notes.map(\.id)), "\(second.notes)")
        let updated = second.notes.first { $0.fields["Scientific"] == "Parus major" }?.fields["Credits"] ?? ""
        #expect(updated.contains("Ana Sousa Lima"), "\(updated)")
        #expect(second.cards == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: library.data.path).filter { $0.contains(".part-") }
        #expect(left.isEmpty, "no temporary file left: \(left)")

        // A recording whose sonogram cannot be made (its file is not MP3): the deck is written, says so,
        // and its note names no picture Anki would show broken.
        try Data("not an mp3".utf8).write(to: library.folder("trip").appendingPathComponent("XC900087.mp3"))
        let broken = library.data.appendingPathComponent("broken.apkg")
        let written = try await library.run(["pack", "export", "trip", "--anki", broken.path])
        #expect(written.status == 0 && written.stdout.contains("XC900087: no sonogram ("), "\(written.stdout)\(written.stderr)")
        let fresh = library.data.appendingPathComponent("anki-fresh/collection.anki2")
        try FileManager.default.createDirectory(at: fresh.deletingLastPathComponent(), withIntermediateDirectories: true)
        let third = try Anki.importing(broken, into: fresh)
        #expect(third.notes.first { $0.fields["Scientific"] == "Turdus merula" }?.fields["Sonogram"] == "", "\(third.notes.map(\.fields))")
        #expect(third.notes.first { $0.fields["Scientific"] == "Parus major" }?.fields["Sonogram"] == "<img src=\"chirper-XC900001.png\">")
    }

    /// An export that fails leaves the file at its target as it was; a folder there is refused.
    @Test func aDeckIsWrittenWholeOrNotAtAll() async throws {
        let library = PlaybackTests.Packs.Library()
        try FileManager.default.createDirectory(at: library.data, withIntermediateDirectories: true)
        let target = library.data.appendingPathComponent("x.apkg")
        try Data("an older deck".utf8).write(to: target)
        let missing = try await library.run(["pack", "export", "nothing", "--anki", target.path])
        #expect(missing.status != 0 && missing.stderr.contains("there is no pack nothing"), "\(missing.stderr)")
        #expect(try Data(contentsOf: target) == Data("an older deck".utf8), "left as it was")
        let folder = library.data.appendingPathComponent("folder.apkg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let list = try PlaybackTests.Packs.speciesFile("Great Tit\n")
        try await TestCatalog.withServer { server in
            let built = try await library.run(["pack", "build", "one", "--species", list, "--per-species", "1", "--max-length", "3"] + server.api)
            try #require(built.status == 0, "\(built.stderr)")
        }
        let refused = try await library.run(["pack", "export", "one", "--anki", folder.path])
        #expect(refused.status == 2 && refused.stderr.contains("is a folder, not a file: left as it is"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let usage = try await library.run(["pack", "export", "trip", "--m3u", "--anki", "x.apkg"])
        #expect(usage.status != 0 && usage.stderr.contains("Give --m3u, --json or --anki FILE"), "\(usage.stderr)")
    }
}
}

/// Anki's own Python library reading a package into a collection.
enum Anki {
    struct Imported: CustomStringConvertible {
        struct Note {
            let id: Int64
            let fields: [String: String]
            let tags: [String]
        }
        let notes: [Note]
        let cards: Int
        let decks: [String]
        let media: URL

        var description: String { "\(notes.count) notes, \(cards) cards, decks \(decks)" }
    }

    static let script = """
        import json, sys
        from anki.collection import Collection, ImportAnkiPackageRequest, ImportAnkiPackageOptions
        col = Collection(sys.argv[1])
        col.import_anki_package(ImportAnkiPackageRequest(package_path=sys.argv[2], options=ImportAnkiPackageOptions(with_scheduling=False)))
        notes = []
        for nid in col.find_notes(""):
            note = col.get_note(nid)
            notes.append({"id": nid, "fields": dict(note.items()), "tags": note.tags})
        out = {"notes": notes, "cards": len(col.find_cards("")), "decks": [d.name for d in col.decks.all_names_and_ids()],
               "media": col.media.dir()}
        col.close()
        print(json.dumps(out))
        """

    static func importing(_ package: URL, into collection: URL) throws -> Imported {
        let data = try TestPython.run(script, [collection.path, package.path])
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any], let notes = json["notes"] as? [[String: Any]] else {
            throw TestPython.Failure(description: "anki wrote no notes")
        }
        return Imported(notes: notes.map { note in
            Imported.Note(id: (note["id"] as? NSNumber)?.int64Value ?? 0, fields: note["fields"] as? [String: String] ?? [:], tags: note["tags"] as? [String] ?? [])
        }, cards: json["cards"] as? Int ?? 0, decks: json["decks"] as? [String] ?? [], media: URL(fileURLWithPath: json["media"] as? String ?? ""))
    }
}
