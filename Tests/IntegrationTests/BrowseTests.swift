import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// `chirper browse` in a real terminal (tmux) against the demo catalog: what is on screen, the keys,
/// paging, playback through the null sink. Nested in PlaybackTests: each test has a null sink of its own.
@Suite("browse in a terminal")
struct Browse {
    /// 132 recordings, 50 a page: pages of 50, 50 and 32.
    static let everything = ["grp:birds", "--per-page", "50"]

    static func session(_ server: DemoServer, _ arguments: [String] = everything, width: Int = 100, height: Int = 20,
                        environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(command: [ChirperProcess.binary.path, "browse"] + arguments + server.api,
                        environment: ChirperProcess.environment(extra: environment.merging(["TERM": "xterm-256color"]) { $1 }), width: width, height: height)
    }

    /// XC numbers in screen order.
    static func numbers(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line in
            line.range(of: #"XC9\d{5}"#, options: .regularExpression).flatMap { Int(line[$0].dropFirst(2)) }
        }
    }

    static func expectRestored(_ terminal: TmuxSession, status expected: Int, within seconds: Double = 5 * Sanitizer.slowdown) async throws {
        let status = try await terminal.exitStatus(within: seconds)
        #expect(status == expected, "\(status.map { "exit \($0)" } ?? "still running after \(seconds) s: \((try? terminal.screen()) ?? "")")")
        let stty = terminal.terminalSettings()
        #expect(!stty.before.isEmpty && stty.before == stty.after, "the terminal is left as it was: \(stty.before) → \(stty.after)")
        let after = try terminal.screen()
        #expect(!after.contains("chirper · grp:birds") && !after.contains("⏎ play · q quit"), "the main screen is back: \(after)")
    }

    @Test func loadingThenRowsThenQLeavesTheTerminalAsItWas() async throws {
        try await TestCatalog.withServer { server in
            server.faults.next(.delay(.seconds(2)))
            let terminal = try Self.session(server)
            let loading = try await terminal.waitForScreen { $0.contains("Searching xeno-canto for grp:birds…") }
            #expect(loading.contains("chirper · grp:birds"))
            #expect(loading.range(of: "[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Searching", options: .regularExpression) != nil, "a spinner: \(loading)")
            // Title and footer: a slow (sanitized) build was seen between the two while drawing the frame.
            // Page 2 may already be in: it is asked for as soon as page 1 comes.
            let rows = try await terminal.waitForScreen { $0.contains("row 1 of ") && $0.contains("of 3 · 132 recordings") && $0.contains("⏎ play · q quit") }
            #expect(Self.numbers(rows) == Array(900_001...900_015), "the first 15 rows: \(rows)")
            #expect(rows.contains("English name") && rows.contains("⏎ play · q quit"))
            let ahead = try await terminal.waitForScreen { $0.contains("100 rows · more below: page 3 loads as you scroll") }
            #expect(ahead.contains("row 1 of 100 · pages 1–2 of 3"), "page 2 asked for as page 1 came, before any key: \(ahead)")
            #expect(server.faults.apiRequests.map { $0.parameters["page"] ?? "1" } == ["1", "2"], "and no further")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    @Test func scrollingPastTheEndLoadsPages2And3InOrder() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server)
            var screen = try await terminal.waitForScreen { $0.contains("row 1 of ") }
            var seen = Self.numbers(screen)
            for _ in 0..<60 where !screen.contains("row 132 of 132") {
                try terminal.send("PageDown")
                try await Task.sleep(for: .milliseconds(300))
                screen = try terminal.screen()
                let numbers = Self.numbers(screen)
                #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "in order, no duplicates: \(screen)")
                seen += numbers
            }
            #expect(screen.contains("row 132 of 132 · pages 1–3 of 3 · 132 recordings"), "\(screen)")
            #expect(screen.contains("132 rows · all 3 pages loaded"))
            #expect(Set(seen) == Set(900_001...900_132), "every row was on screen")
            let pages = server.faults.apiRequests.map { $0.parameters["page"] ?? "1" }
            #expect(pages == ["1", "2", "3"], "each page asked for once, in order: \(pages)")
            let times = server.faults.apiRequests.map(\.at)
            // Timed where the server saw them: on a machine busy with the other suites one may be seen
            // up to a tenth of a second late (0.93 s was seen once), the next on time.
            for (earlier, later) in zip(times, times.dropFirst()) {
                #expect(later - earlier >= .milliseconds(880), "at most one API request a second")
            }
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    @Test func enterPlaysARowABrokenRowFailsAndTheNextEnterPlays() async throws {
        // Row 2 (XC900002) is broken; row 4 (XC900004) is a 6 s tone at 2400 Hz.
        let tone = try #require(DemoRecordings.builtIn.entry(id: "900004")?.audio)
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: tone)
            server.faults.audio("900002", .html)
            let terminal = try Self.session(server)
            try await terminal.waitForScreen { $0.contains("row 1 of ") }

            try terminal.send("j", "Enter")
            let failed = try await terminal.waitForScreen { $0.contains("✗ XC900002: not an MP3 stream") }
            #expect(failed.split(separator: "\n").contains { $0.hasPrefix("✗  XC900002") }, "✗ on the row: \(failed)")

            let recorder = try await MonitorRecorder()
            try terminal.send("j", "j", "Enter")
            let playing = try await terminal.waitForScreen { $0.contains("XC900004 Song Thrush  ▶ 0:01 / 0:06") }
            #expect(playing.split(separator: "\n").contains { $0.hasPrefix("▶  XC900004") && $0.contains("0:01/0:06") }, "\(playing)")
            let later = try await terminal.waitForScreen { $0.contains("▶ 0:03 / 0:06") }
            #expect(later.contains("0:03/0:06"), "the row's clock moves: \(later)")
            try await terminal.waitForScreen { !$0.contains("▶") }
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(abs(heard.hertz - tone.hertz!) <= 5, "heard \(heard.hertz) Hz")
            #expect(abs(heard.audibleSeconds - 6) <= 0.6, "heard \(heard.audibleSeconds) s")
            // The output holds up to a second: the row is idle only once the tone's end has been heard.
            #expect(heard.audibleSeconds >= 5.85, "all of it heard before the row went idle: \(heard.audibleSeconds) s")
            #expect(try terminal.screen().split(separator: "\n").contains { $0.hasPrefix("   XC900004") }, "idle again when it ends")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    @Test func a500OnPage2KeepsPage1AndRRecovers() async throws {
        try await TestCatalog.withServer { server in
            server.faults.next(.delay(.zero))  // page 1 as it is, then page 2's three tries fail
            server.faults.next(.status(500), times: 3)
            let terminal = try Self.session(server)
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("G")
            let failed = try await terminal.waitForScreen(seconds: 20) { $0.contains("page 2 failed") }
            #expect(failed.contains("✗ page 2 failed: The API answered HTTP 500 (3 tries). Try again later. · r to retry"), "\(failed)")
            #expect(failed.contains("row 50 of 50") && Self.numbers(failed).last == 900_050, "page 1 is kept: \(failed)")
            try terminal.send("r")
            let recovered = try await terminal.waitForScreen { $0.contains("pages 1–2 of 3") }
            #expect(recovered.contains("row 50 of 100"), "the cursor stays where it was: \(recovered)")
            try terminal.send("j")
            #expect(Self.numbers(try await terminal.waitForScreen { $0.contains("row 51 of 100") }).last == 900_051)
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    @Test func aResizeRedrawsForTheNewSize() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server)
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.resize(width: 70, height: 30)
            let resized = try await terminal.waitForScreen { Self.numbers($0).count == 25 }
            #expect(Self.numbers(resized) == Array(900_001...900_025), "25 rows fit in 30 lines: \(resized)")
            #expect(resized.split(separator: "\n").allSatisfy { $0.count <= 70 })
            #expect(!resized.contains("Recordist"), "the least useful column goes on a narrow screen")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    @Test(arguments: ["C-c", "SIGTERM"])
    func ctrlCAndSIGTERMRestoreTheTerminalAndExit130(_ how: String) async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server)
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("j", "j", "Enter")
            try await terminal.waitForScreen { $0.contains("▶ 0:01") }
            if how == "SIGTERM" { try terminal.signalCommand(SIGTERM) } else { try terminal.send(how) }
            try await Self.expectRestored(terminal, status: 130, within: 3)
        }
    }

    /// A crash (here SIGABRT from outside, as abort() would raise) gives the terminal back before the
    /// process dies of the signal.
    @Test func aCrashStillRestoresTheTerminal() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try TmuxSession(
                command: [ChirperProcess.binary.path, "browse"] + Self.everything + server.api,
                environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color", "SWIFT_BACKTRACE": "enable=no"]))
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.signalCommand(SIGABRT)
            try await Self.expectRestored(terminal, status: 128 + Int(SIGABRT))
        }
    }

    @Test func vShowsTheSonogramAndALineFollowsThePlayingPosition() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server, height: 24)
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("j", "j", "v")
            let sonogram = try await terminal.waitForScreen { $0.contains("0 kHz ┤") }
            #expect(sonogram.contains("XC900003 · Common Blackbird — sonogram · + - zoom · v or Esc closes"), "\(sonogram)")
            #expect(!sonogram.contains("24 kHz ┤") && sonogram.contains("-80 dB"), "a 48 kHz recording's axis is fitted to its sound, not to 24 kHz: \(sonogram)")
            #expect(!sonogram.contains("|"), "no position line while it does not play")
            try terminal.send("Enter")
            let first = try await terminal.waitForScreen { $0.contains("▶ 0:02") }
            let later = try await terminal.waitForScreen { $0.contains("▶ 0:05") }
            #expect(Self.markerColumn(later) > Self.markerColumn(first), "the line moves on: \(first)\n\(later)")
            try terminal.send("v")
            #expect(try await terminal.waitForScreen { $0.contains("English name") }.contains("English name"), "v closes")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    /// The playing keys work on a browse row as on `play`: → moves its clock on, + raises the stream's
    /// volume on the sound server; `?` lists the keys, and q closes that list (and any panel) before it
    /// quits.
    @Test func seekVolumeAndTheKeyListWhileARowPlays() async throws {
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: DemoRecordings.builtIn.entry(id: "900041")!.audio!)  // a minute long
            let sink = try #require(OwnSink.current)
            let terminal = try Self.session(server, ["nr:900041", "--volume", "50"], height: 24)
            try await terminal.waitForScreen { $0.contains("row 1 of 1") }
            try terminal.send("Enter")
            try await terminal.waitForScreen { $0.contains("▶ 0:01 / 1:00") }
            try terminal.send("Right", "Right")
            let moved = try await terminal.waitForScreen { Self.playingSeconds($0) >= 11 }
            #expect(Self.playingSeconds(moved) >= 11 && Self.playingSeconds(moved) < 20, "two 5 s seeks: \(moved)")
            #expect(try await NullSink.streamVolumes(on: sink) == [50], "--volume 50")
            try terminal.send("+")
            var volumes: [Int] = []
            for _ in 0..<50 where volumes != [60] {
                try await Task.sleep(for: .milliseconds(100))
                volumes = try await NullSink.streamVolumes(on: sink)
            }
            #expect(volumes == [60], "+ raises the volume by a tenth: \(volumes)")

            try terminal.send("?")
            let keys = try await terminal.waitForScreen { $0.contains("Keys — ? q or Esc closes") }
            for line in ["space", "→ ←", "+ -", "[ ]", "l "] {
                #expect(keys.contains("  " + line), "\(line) listed: \(keys)")
            }
            #expect(keys.contains("▶ 0:"), "the row still plays beneath")
            try terminal.send("q")
            let closed = try await terminal.waitForScreen { $0.contains("English name") }
            #expect(closed.contains("? keys"), "the help bar ends with ? keys: \(closed)")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }

    /// The seconds of the playing row's clock on the playback line ("▶ 0:12 / 1:00"), -1 when none.
    static func playingSeconds(_ screen: String) -> Int {
        guard let range = screen.range(of: #"▶ (\d+):(\d\d)"#, options: .regularExpression) else { return -1 }
        let parts = screen[range].dropFirst(2).split(separator: ":")
        return Int(parts[0])! * 60 + Int(parts[1])!
    }

    /// Where the sonogram's position line is, in cells from the left (-1 when there is none).
    static func markerColumn(_ screen: String) -> Int {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("kHz ┤") && $0.contains("|") }),
              let index = line.firstIndex(of: "|") else { return -1 }
        return line.distance(from: line.startIndex, to: index)
    }

    @Test func slashSearchesAgainAndIShowsDetails() async throws {
        try await TestCatalog.withServer { server in
            let terminal = try Self.session(server)
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("i")
            let details = try await terminal.waitForScreen { $0.contains("XC900001 · Great Tit — i or Esc closes") }
            for text in ["People and licence", "CC BY-NC-SA 4.0", "Forêt de Fontainebleau", "Background species", "Remarks"] {
                #expect(details.contains(text), "\(text): \(details)")
            }
            try terminal.send("Escape", "/")
            // The prompt starts from the query shown, and edits as readline does.
            let prompt = try await terminal.waitForScreen { $0.contains("Search: grp:birds▏") }
            #expect(prompt.contains("Search: grp:birds▏"), "\(prompt)")
            try terminal.send("C-u")
            try await terminal.waitForScreen { $0.contains("Search: ▏") }
            try terminal.send("-l", "gen:strix")
            try terminal.send("Enter")
            let owls = try await terminal.waitForScreen { $0.contains("chirper · gen:strix") && $0.contains("row 1 of 11") }
            #expect(owls.contains("Tawny Owl") && !owls.contains("Great Tit"), "\(owls)")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
        }
    }
}
}
