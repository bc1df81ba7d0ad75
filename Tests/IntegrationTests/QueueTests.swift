import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// `chirper queue` and browse's `a` through the real null sink: what was heard, in what order, with
/// what gaps (recorded from the monitor), and what the server was asked.
@Suite("queue: a page played in order")
struct Queue {
    /// Every Great Tit in the catalog is a steady tone of its own pitch: 3000 Hz, then 37 Hz higher each.
    static func tone(_ id: String) throws -> (hertz: Double, seconds: Double) {
        let audio = try #require(DemoRecordings.builtIn.entry(id: id)?.audio)
        return (try #require(audio.hertz), audio.seconds)
    }

    static func session(_ server: DemoServer, _ arguments: [String], command: String = "queue") throws -> TmuxSession {
        try TmuxSession(command: [ChirperProcess.binary.path, command] + arguments + server.api,
                        environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color"]))
    }

    @Test func tracksAreHeardInOrderABrokenOneIsSkippedAndThereIsNoGap() async throws {
        let ids = ["900001", "900013", "900025", "900037"]
        try await TestCatalog.withServer { server in
            for id in ids { _ = try await server.audio.file(for: DemoRecordings.builtIn.entry(id: id)!.audio!) }
            server.faults.audio("900013", .html)
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["queue", "gen:parus", "--limit", "4", "--gap", "0"] + server.api)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("1/4 · XC900001 · Great Tit (Parus major) · 0:02 · Ana Sousa · CC BY-NC-SA 4.0"), "\(lines)")
            #expect(lines.contains { $0.hasPrefix("✗ XC900013: not an MP3 stream") })
            #expect(lines.contains { $0.hasPrefix("3/4 · XC900025") } && lines.contains { $0.hasPrefix("4/4 · XC900037") })
            #expect(lines.contains { $0.hasPrefix("Played 3 tracks, 1 failed, 0:20 listened") }, "\(lines)")
            #expect(lines.last?.hasPrefix("  ✗ XC900013: not an MP3 stream") == true)

            let runs = heard.pitchRuns()
            let expected = try ["900001", "900025", "900037"].map(Self.tone)
            #expect(runs.count == expected.count, "one run of pitch per track played: \(runs)")
            for (run, tone) in zip(runs, expected) {
                #expect(abs(run.hertz - tone.hertz) <= 5, "heard \(run.hertz) Hz, wanted \(tone.hertz): \(runs)")
                #expect(abs(run.seconds - tone.seconds) <= 0.35, "heard \(run.seconds) s of \(tone.hertz) Hz, wanted \(tone.seconds)")
            }
            let gap = heard.longestSilence()
            print("queue gap (--gap 0), longest silence between the first and the last sound: \(gap) ms")
            #expect(gap < 100, "tracks follow each other: the longest silence is \(gap) ms")
        }
    }

    /// A long gap counts down on the status line, and q ends it at once (it used to take the rest of it).
    @Test func aGapCountsDownAndQEndsItAtOnce() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server, ["gen:parus", "--limit", "2", "--gap", "30"])
            let waiting = try await terminal.waitForScreen { $0.contains("next in ") }
            let seconds = waiting.split(separator: "\n").compactMap { line -> Int? in
                guard let range = line.range(of: "next in ") else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }.last
            #expect(seconds.map { (25...30).contains($0) } == true, "\(waiting)")
            try terminal.send("q")
            #expect(try await terminal.exitStatus(within: 3) == 0, "q ends the gap at once")
        }
    }

    @Test func gapPutsThatMuchSilenceBetweenTracks() async throws {
        try await TestCatalog.withServer { server in
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["queue", "gen:parus", "--limit", "2", "--gap", "1"] + server.api)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(result.status == 0, "\(result.stderr)")
            let silence = heard.longestSilence()
            #expect(abs(silence - 1000) <= 150, "--gap 1: \(silence) ms of silence")
        }
    }

    @Test func everyTrackFailingExits5WithTheReasons() async throws {
        try await TestCatalog.withServer { server in
            server.faults.audio("900001", .notFound)
            server.faults.audio("900013", .empty)
            let result = try await ChirperProcess.run(["queue", "gen:parus", "--limit", "2"] + server.api)
            #expect(result.status == 5)
            #expect(result.stdout.contains("Played 0 tracks, 2 failed, 0:00 listened."), "\(result.stdout)")
            #expect(result.stdout.contains("  ✗ XC900001: the audio URL answered HTTP 404"))
            #expect(result.stdout.contains("  ✗ XC900013: not an MP3 stream (the file is empty)"))
        }
    }

    @Test func nSkipsAndPGoesBackOrRestarts() async throws {
        // gen:parus q:B: XC900025 (12 s, 3074 Hz), XC900073 (10 s, 3222 Hz), XC900109.
        let (first, second) = (try Self.tone("900025"), try Self.tone("900073"))
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server, ["gen:parus", "q:B"])
            try await terminal.waitForScreen { $0.contains("1/3 · XC900025") && $0.contains("▶ 0:01") }
            let recorder = try await MonitorRecorder()
            try await Task.sleep(for: .seconds(1))
            try terminal.send("n")
            try await terminal.waitForScreen { $0.contains("2/3 · XC900073") && $0.contains("▶ 0:01") }
            try await Task.sleep(for: .seconds(0.5))
            try terminal.send("p")  // 1.5 s in: back to the first track
            let back = try await terminal.waitForScreen { $0.components(separatedBy: "1/3 · XC900025").count == 3 }
            #expect(back.components(separatedBy: "2/3 · XC900073").count == 2, "the first track's header again, after the second's: \(back)")
            try await terminal.waitForScreen { $0.contains("▶ 0:04") }
            try terminal.send("p")  // 4 s in: the start of the same track
            let restarted = try await terminal.waitForScreen { $0.contains("▶ 0:01") }
            #expect(restarted.components(separatedBy: "1/3 · XC900025").count == 3, "still the first track: \(restarted)")
            try terminal.send("q")
            #expect(try await terminal.exitStatus(within: 5) == 0)
            let runs = HeardSound(samples: try await recorder.stop()).pitchRuns()
            let pitches = runs.map(\.hertz)
            #expect(pitches.count >= 3, "\(runs)")
            if pitches.count >= 3 {
                #expect(abs(pitches[0] - first.hertz) <= 5 && abs(pitches[1] - second.hertz) <= 5 && abs(pitches[2] - first.hertz) <= 5,
                        "first, n → second, p → first: \(runs)")
            }
            let summary = try terminal.screen()
            #expect(summary.contains("(stopped)"), "\(summary)")
        }
    }

    @Test func seekingPastTheDownloadedPartUsesARangeRequestAndPlaysThere() async throws {
        // XC900042: ten minutes of a sweep from 1000 to 3000 Hz, so the pitch tells the position.
        let audio = try #require(DemoRecordings.builtIn.entry(id: "900042")?.audio)
        try await TestCatalog.withServer { server in
            let file = try await server.audio.file(for: audio)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            let terminal = try Self.session(server, ["nr:900042"])
            try await terminal.waitForScreen { $0.contains("▶ 0:01 / 10:00") }
            // One burst: one jump, so one Range request. The player gathers seeks until none has come for
            // 150 ms; before it did, a loaded machine let it take the first key or two on their own (CI saw
            // a Range request for 6 s and another for 61 s).
            try terminal.send("Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right")
            let sought = try await terminal.waitForScreen { Self.elapsed($0) >= 60 }
            let position = Double(Self.elapsed(sought))
            #expect((60...64).contains(position), "12 × 5 s ahead: \(sought)")
            let recorder = try await MonitorRecorder()
            try await Task.sleep(for: .seconds(1.5))
            let heard = HeardSound(samples: try await recorder.stop())
            // Six seconds on, back 5 s: those bytes were read since the jump and are kept: no request.
            let later = Self.elapsed(try await terminal.waitForScreen { Self.elapsed($0) >= Int(position) + 6 })
            try terminal.send("Left")
            let back = try await terminal.waitForScreen { Self.elapsed($0) < later }
            #expect(Self.elapsed(back) >= later - 6, "\(back)")
            try terminal.send("q")
            let status = try await terminal.exitStatus(within: 5)
            #expect(status == 0, "q ends the queue: \(status.map { "exit \($0)" } ?? "still running after 5 s: \((try? terminal.screen()) ?? "")")")
            // 1000 Hz + 2000 Hz × t / 600 s: about 1200 Hz a minute in.
            let expected = 1000 + 2000 * (position + 0.75) / 600
            #expect(abs(heard.hertz - expected) <= 15, "heard \(heard.hertz) Hz at \(position) s, wanted about \(expected)")
            let ranges = server.faults.requests.filter { $0.path.hasSuffix(".mp3") }.compactMap(\.range)
            #expect(ranges.count == 1, "one Range request for the whole jump: \(ranges)")
            let from = ranges.first.flatMap { Int($0.dropFirst("bytes=".count).prefix { $0 != "-" }) } ?? 0
            // A constant bitrate: the byte a minute in is a tenth of the file (give or take the seek's rounding).
            let wanted = Double(size) * position / 600
            #expect(abs(Double(from) - wanted) < Double(size) * 0.01, "the Range starts near \(Int(wanted)): \(ranges)")
        }
    }

    @Test func browsePlaysAllFromTheCursorIntoTheNextPage() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server, PlaybackTests.Browse.everything, command: "browse")
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("PageDown", "PageDown", "j", "j", "j", "j")  // row 35: 15 rows from page 1's end
            try await terminal.waitForScreen { $0.contains("row 35 of ") }
            try terminal.send("a")
            try await terminal.waitForScreen { $0.contains("XC900035 ") && $0.contains("▶ 0:0") }
            // n through the rest of page 1 (restricted rows are passed over) and on into page 2.
            var screen = ""
            // A press a little over a second apart: each n asks for a file, and the process's requests are
            // paced at one a second once its burst is spent.
            for _ in 0..<20 where !screen.contains("XC900051 Common Blackbird  ▶") {
                try terminal.send("n")
                try await Task.sleep(for: .milliseconds(1_200))
                screen = try terminal.screen()
            }
            #expect(screen.contains("XC900051 Common Blackbird  ▶"), "the queue went on into page 2: \(screen)")
            #expect(screen.contains("row 35 of 100 · pages 1–2 of 3"), "the cursor stayed; page 2 was appended: \(screen)")
            #expect(server.faults.apiRequests.map { $0.parameters["page"] ?? "1" } == ["1", "2"])
            try terminal.send("q")
            try await PlaybackTests.Browse.expectRestored(terminal, status: 0)
        }
    }

    /// Seconds shown as "▶ 1:02 / 10:00".
    static func elapsed(_ screen: String) -> Int { PlaybackTests.Keys.elapsed(screen) }
}
}
