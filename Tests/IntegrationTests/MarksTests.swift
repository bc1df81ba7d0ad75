import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// Marks end to end: made with m while a tone plays in a terminal, kept in the library, edited, exported
/// as Audacity labels and a Raven table that crowsetta (the field's reader of both) reads back; a table
/// written by another tool imported, and its region looped.
@Suite("marks: made while listening, read by the field's tools")
struct Marks {
    static func tone(seconds: Double = 30) async throws -> URL {
        try await TestCatalog.audio.file(for: AudioSpec(shape: .tone(hertz: 660), sampleRate: 44_100, channels: 1, seconds: seconds))
    }

    static func terminal(_ arguments: [String], library: Packs.Library) throws -> TmuxSession {
        try TmuxSession(command: [ChirperProcess.binary.path] + arguments,
                        environment: ChirperProcess.environment(extra: library.environment.merging(["TERM": "xterm-256color"]) { $1 }))
    }

    /// Paused, back to 0:00, then four seeks of 5 s each with m after each: the marks are at known points
    /// (a seek lands on its sample; nothing moves while paused).
    @Test func marksPressedWhileListeningAreExportedAsCrowsettaReadsThem() async throws {
        let library = Packs.Library()
        let file = try await Self.tone()
        let terminal = try Self.terminal(["play", file.path], library: library)
        try await terminal.waitForScreen { $0.contains("▶ 0:04 / 0:30") }
        try terminal.send("Space")
        try await terminal.waitForScreen { $0.contains("(paused)") }
        try terminal.send("p")
        try await terminal.waitForScreen { $0.contains("0:00 / 0:30") }
        for (place, said) in [("0:05", "mark at 0:05.0"), ("0:10", "marked 0:05.0–0:10.0"), ("0:15", "mark at 0:15.0"), ("0:20", "marked 0:15.0–0:20.0")] {
            try terminal.send("Right")
            try await terminal.waitForScreen { $0.contains(place + " / 0:30") }
            try terminal.send("m")
            try await terminal.waitForScreen { $0.contains(said) }
        }
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 10) == 0)

        let listed = try await library.run(["marks", file.path])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("1  5.00–10.00 s") && listed.stdout.contains("2  15.00–20.00 s"), "\(listed.stdout)")
        let edited = try await library.run(["marks", "edit", file.path, "1", "--band", "2000-6000", "--label", "first phrase"])
        #expect(edited.status == 0 && edited.stdout.contains("1  5.00–10.00 s  2000–6000 Hz  first phrase"), "\(edited.stdout)\(edited.stderr)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-marks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tables = ["aud-bbox": ["--audacity"], "aud-seq": ["--audacity", "--times-only"], "raven": ["--raven"]]
        for (format, options) in tables {
            let written = try await library.run(["marks", "export", file.path] + options + ["-o", folder.appendingPathComponent(format + ".txt").path])
            #expect(written.status == 0, "\(format): \(written.stderr)")
        }
        let read = try Crowsetta.read(tables.keys.map { ($0, folder.appendingPathComponent($0 + ".txt")) })
        for format in ["aud-bbox", "raven"] {
            let boxes = read[format] ?? []
            #expect(boxes.count == 2, "\(format): \(boxes)")
            guard boxes.count == 2 else { continue }
            Self.expectNear(boxes[0], [5, 10, 2000, 6000], label: "first phrase", format)
            // A region without a band is given the whole range: to 24 kHz for a file of unknown rate.
            Self.expectNear(boxes[1], [15, 20, 0, 24000], label: "mark 2", format)
        }
        // What was exported comes back as the marks it was: nothing is kept twice.
        for format in ["raven", "aud-bbox"] {
            let back = try await library.run(["marks", "import", folder.appendingPathComponent(format + ".txt").path, "--on", file.path])
            #expect(back.stdout.contains("Imported 0 marks") && back.stdout.contains("(2 there already)"), "\(format): \(back.stdout)\(back.stderr)")
        }
        let sequence = read["aud-seq"] ?? []
        #expect(sequence.count == 2, "\(sequence)")
        if sequence.count == 2 {
            Self.expectNear(sequence[0], [5, 10], label: "first phrase", "aud-seq")
            Self.expectNear(sequence[1], [15, 20], label: "mark 2", "aud-seq")
        }
    }

    /// A file's marks are kept by its path: after it moves, `marks NEW` says where they are and `marks
    /// move` brings them.
    @Test func theMarksOfAFileThatMovedAreFoundAndMoved() async throws {
        let library = Packs.Library()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-moved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("dawn chorus.mp3"), labels = folder.appendingPathComponent("labels.txt")
        try FileManager.default.copyItem(at: try await Self.tone(seconds: 10), to: old)
        try "1.5\t2.5\tsong\n".write(to: labels, atomically: true, encoding: .utf8)
        #expect(try await library.run(["marks", "import", labels.path, "--on", old.path]).status == 0)
        let moved = folder.appendingPathComponent("kept").appendingPathComponent("dawn chorus.mp3")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: old, to: moved)

        let none = try await library.run(["marks", moved.path])
        #expect(none.stdout.contains("No marks") && none.stdout.contains("Marks are kept on \(old.path), which is gone"), "\(none.stdout)")
        #expect(none.stdout.contains("chirper marks move \(old.path.replacingOccurrences(of: " ", with: "\\ "))"), "escaped for the shell: \(none.stdout)")
        let move = try await library.run(["marks", "move", old.path, moved.path])
        #expect(move.status == 0 && move.stdout.contains("Moved 1 mark from"), "\(move.stdout)\(move.stderr)")
        #expect(try await library.run(["marks", moved.path]).stdout.contains("1  1.50–2.50 s  song"))
        let again = try await library.run(["marks", "move", old.path, moved.path])
        #expect(again.status == 1 && again.stderr.contains("no marks are kept on"), "\(again.stderr)")
    }

    /// Paused at its first sound, the clock stands still: m, two seconds paused, a 5 s seek and m again
    /// make a region of 5 s (libpulse 16.1's clock ran on while so corked: 7 s and more).
    @Test func aPauseAtTheFirstSoundHoldsTheClock() async throws {
        let library = Packs.Library()
        let file = try await Self.tone()
        let terminal = try Self.terminal(["play", file.path], library: library)
        try await terminal.waitForScreen { $0.contains("▶ 0:00 / 0:30") }
        try terminal.send("Space")
        try await terminal.waitForScreen { $0.contains("(paused)") }
        try terminal.send("m")
        try await terminal.waitForScreen { $0.contains("m again ends it") }
        try await Task.sleep(for: .seconds(2))
        try terminal.send("Right")
        try await terminal.waitForScreen { $0.contains("0:05 / 0:30") }
        try terminal.send("m")
        let marked = try await terminal.waitForScreen { $0.contains("marked 0:0") }
        #expect(marked.contains("marked 0:0"), "\(marked)")
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 10) == 0)
        let listed = try await library.run(["marks", file.path])
        let found = try #require(listed.stdout.range(of: #"1  (\d+\.\d\d)–(\d+\.\d\d) s"#, options: .regularExpression), "\(listed.stdout)")
        let times = listed.stdout[found].dropFirst(3).dropLast(2).split(separator: "–").compactMap { Double($0) }
        #expect(times.count == 2 && times[0] < 1 && abs(times[1] - times[0] - 5) < 0.1, "the seek's 5 s, not the pause: \(listed.stdout)")
    }

    /// A Raven table as Raven and BirdNET-Analyzer write it (each selection once per view, their own
    /// label columns) is imported once, listed, and its region loops; a broken table changes nothing.
    @Test func aRavenTableOfAnotherToolImportsAndItsRegionLoops() async throws {
        let library = Packs.Library()
        let file = try await Self.tone(seconds: 20)
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("birdnet-\(UUID().uuidString).selection.table.txt")
        defer { try? FileManager.default.removeItem(at: table) }
        try """
            Selection\tView\tChannel\tBegin Time (s)\tEnd Time (s)\tLow Freq (Hz)\tHigh Freq (Hz)\tCommon Name\tSpecies Code\tConfidence
            1\tSpectrogram 1\t1\t2.0\t4.0\t150\t15000\tGreat Tit\tgreti1\t0.91
            1\tWaveform 1\t1\t2.0\t4.0\t150\t15000\tGreat Tit\tgreti1\t0.91
            2\tSpectrogram 1\t1\t6.0\t7.5\t500\t9000\tCommon Chaffinch\tcomcha\t0.62

            """.write(to: table, atomically: true, encoding: .utf8)
        let imported = try await library.run(["marks", "import", table.path, "--on", file.path])
        #expect(imported.status == 0 && imported.stdout.contains("Imported 2 marks"), "\(imported.stdout)\(imported.stderr)")
        let again = try await library.run(["marks", "import", table.path, "--on", file.path])
        #expect(again.stdout.contains("Imported 0 marks") && again.stdout.contains("(2 there already)"), "\(again.stdout)")
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: broken) }
        try "Selection\tBegin Time (s)\tEnd Time (s)\n1\t9\t8\n".write(to: broken, atomically: true, encoding: .utf8)
        let refused = try await library.run(["marks", "import", broken.path, "--on", file.path])
        #expect(refused.status == 2 && refused.stderr.contains("line 2") && refused.stderr.contains("nothing imported"), "\(refused.stderr)")
        let listed = try await library.run(["marks", file.path])
        #expect(listed.stdout.contains("1  2.00–4.00 s  150–15000 Hz  Great Tit (0.91)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("2  6.00–7.50 s  500–9000 Hz  Common Chaffinch (0.62)"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("3  "), "one mark a selection: \(listed.stdout)")
        // As one of xeno-canto's annotation sets.
        let json = try await library.run(["marks", "export", file.path, "--json"])
        let sets = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let annotations = sets?.first?["annotations"] as? [[String: Any]] ?? []
        #expect(annotations.count == 2, "\(json.stdout)")
        #expect(annotations.first?["start_time"] as? Double == 2 && annotations.first?["frequency_high"] as? Double == 15000, "\(json.stdout)")
        #expect(annotations.last?["annotation_remarks"] as? String == "Common Chaffinch (0.62)", "\(json.stdout)")
        // The JSON imported: nothing new on the same file, the same regions on another.
        try json.stdout.write(to: table, atomically: true, encoding: .utf8)
        let back = try await library.run(["marks", "import", table.path, "--on", file.path])
        #expect(back.stdout.contains("Imported 0 marks onto") && back.stdout.contains("annotation sets in JSON (2 there already)"), "\(back.stdout)\(back.stderr)")
        let other = try await Self.tone(seconds: 10)
        let onOther = try await library.run(["marks", "import", table.path, "--on", other.path])
        #expect(onOther.status == 0 && onOther.stdout.contains("Imported 2 marks"), "\(onOther.stdout)\(onOther.stderr)")
        let otherListed = try await library.run(["marks", other.path])
        #expect(otherListed.stdout.contains("2  6.00–7.50 s  500–9000 Hz  Common Chaffinch (0.62)"), "\(otherListed.stdout)")

        let terminal = try Self.terminal(["play", file.path, "--loop-mark", "2"], library: library)
        let looping = try await terminal.waitForScreen { $0.contains("⟲ 0:06.0–0:07.5") && $0.contains("▶ 0:07") }
        #expect(looping.contains("▶ 0:07"), "\(looping)")
        // Three seconds on, the play is still inside the region: it went back to 0:06.
        try await Task.sleep(for: .seconds(3))
        let screen = try terminal.screen()
        #expect((6...7).contains(PlaybackTests.Keys.elapsed(screen)), "still in the loop: \(screen)")
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 10) == 0)

        let point = try await library.run(["play", file.path, "--loop-mark", "3"])
        #expect(point.status == 1 && point.stderr.contains("no mark 3"), "\(point.stderr)")
    }

    /// m on a browse row that plays: a point, then its region, kept on the recording's XC number.
    @Test func marksMadeInBrowseAreKeptOnTheRecording() async throws {
        let library = Packs.Library()
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: DemoRecordings.builtIn.entry(id: "900041")!.audio!)  // a minute long
            let terminal = try PlaybackTests.Browse.session(server, ["nr:900041"], height: 24, environment: library.environment)
            try await terminal.waitForScreen { $0.contains("row 1 of 1") }
            try terminal.send("Enter")
            try await terminal.waitForScreen { $0.contains("▶ 0:01 / 1:00") }
            try terminal.send("Space")
            try await terminal.waitForScreen { $0.contains("‖") }
            try terminal.send("m")
            try await terminal.waitForScreen { $0.contains("mark at 0:0") && $0.contains("on XC900041, m again ends it") }
            try terminal.send("Right")
            // Paused, the row's clock shows the seek's place: 5 s on from the first m.
            let moved = try await terminal.waitForScreen { $0.range(of: #"‖ 0:(0[5-9]|1\d)"#, options: .regularExpression) != nil }
            #expect(moved.range(of: #"‖ 0:(0[5-9]|1\d)"#, options: .regularExpression) != nil, "\(moved)")
            try terminal.send("m")
            try await terminal.waitForScreen { $0.contains("marked 0:0") && $0.contains("(chirper marks XC900041)") }
            // , goes back to the region just kept.
            try terminal.send(",")
            let region = #"at 0:\d\d\.\d–0:\d\d\.\d"#
            let went = try await terminal.waitForScreen { $0.range(of: region, options: .regularExpression) != nil }
            #expect(went.range(of: region, options: .regularExpression) != nil, "\(went)")
            try terminal.send("q")
            try await terminal.waitForScreen { !$0.contains("English name") }
            let listed = try await library.run(["marks", "900041"] + server.api)
            let kept = try #require(listed.stdout.range(of: #"1  (\d+\.\d\d)–(\d+\.\d\d) s"#, options: .regularExpression), "\(listed.stdout)")
            let times = listed.stdout[kept].dropFirst(3).dropLast(2).split(separator: "–").compactMap { Double($0) }
            #expect(times.count == 2 && abs(times[1] - times[0] - 5) < 0.1, "a 5 s seek between the two m: \(listed.stdout)")
        }
    }

    static func expectNear(_ read: [Crowsetta.Value], _ numbers: [Double], label: String, _ format: String) {
        let values = read.compactMap { if case .number(let number) = $0 { number } else { nil } }
        #expect(values.count == numbers.count, "\(format): \(read)")
        for (value, wanted) in zip(values, numbers) {
            #expect(abs(value - wanted) <= (wanted > 100 ? 0.5 : 0.1), "\(format): \(value) for \(wanted)")
        }
        #expect(read.last == .text(label), "\(format): \(read)")
    }
}
}

/// crowsetta (from PyPI, in the venv `make test` makes) reading tables: each format's rows as numbers
/// and a label.
enum Crowsetta {
    enum Value: Equatable {
        case number(Double)
        case text(String)
    }

    static let script = """
        import crowsetta, json, sys
        out = {}
        for format, path in zip(sys.argv[1::2], sys.argv[2::2]):
            annot = crowsetta.Transcriber(format=format).from_file(path).to_annot()
            if hasattr(annot, "bboxes"):
                out[format] = [[float(b.onset), float(b.offset), float(b.low_freq), float(b.high_freq), str(b.label)] for b in annot.bboxes]
            else:
                seq = annot.seq
                out[format] = [[float(a), float(b), str(l)] for a, b, l in zip(seq.onsets_s, seq.offsets_s, seq.labels)]
        print(json.dumps(out))
        """

    static func read(_ tables: [(format: String, file: URL)]) throws -> [String: [[Value]]] {
        let data: Data
        do { data = try TestPython.run(script, tables.flatMap { [$0.format, $0.file.path] }) } catch {
            Issue.record("crowsetta: \(error)")
            return [:]
        }
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: [[Any]]] else {
            Issue.record("crowsetta wrote no tables")
            return [:]
        }
        return json.mapValues { rows in
            rows.map { row in row.map { ($0 as? Double).map(Value.number) ?? ($0 as? Int).map { .number(Double($0)) } ?? .text("\($0)") } }
        }
    }
}
