import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// `chirper compare` against the demo catalog: one axis for a 24 kHz and a 44.1 kHz recording, A then B
/// heard, Tab in a terminal, and a clear error naming the side that is wrong.
@Suite("compare: two recordings on one axis")
struct Compare {
    // XC900004: a 24 kHz tone (6 s); XC900001: a 44.1 kHz tone (2 s).
    static let (low, high) = ("900004", "900001")

    @Test func bothSonogramsShareOneAxisAndAThenBIsHeard() async throws {
        let tones = try [Self.low, Self.high].map { try #require(DemoRecordings.builtIn.entry(id: $0)?.audio) }
        #expect(tones.map(\.sampleRate) == [24_000, 44_100])
        try await TestCatalog.withServer { server in
            for tone in tones { _ = try await server.audio.file(for: tone) }
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["compare", Self.low, Self.high] + server.api)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("  A · XC900004 · Turdus philomelos · song · United Kingdom · Jonas Lindqvist"), "\(lines.prefix(3))")
            #expect(lines.contains { $0.hasPrefix("  B · XC900001 · Parus major") })
            // One axis, fitted to the higher tone (whole kHz, at least 4), the same top on both sides.
            let top = "\(max(4, Int((max(tones[0].hertz!, tones[1].hertz!) / 1000).rounded(.up)))) kHz ┤"
            let tops = lines.filter { $0.contains(top) }
            #expect(tops.count == 2, "both axes reach \(top): \(lines.filter { $0.contains("kHz ┤") })")
            let runs = heard.pitchRuns()
            #expect(runs.count == 2 && abs(runs[0].hertz - tones[0].hertz!) <= 5 && abs(runs[1].hertz - tones[1].hertz!) <= 5, "A then B: \(runs)")
        }
    }

    @Test func aWrongSideIsNamed() async throws {
        try await TestCatalog.withServer { server in
            let missingFile = try await ChirperProcess.run(["compare", Self.high, "/nonexistent/song.mp3"] + server.api)
            #expect(missingFile.status == 5)
            #expect(missingFile.stderr.hasPrefix("chirper: B (/nonexistent/song.mp3): "), "\(missingFile.stderr)")
            let missingNumber = try await ChirperProcess.run(["compare", "999999", Self.high] + server.api)
            #expect(missingNumber.status == 1)
            #expect(missingNumber.stderr.contains("chirper: A (999999): no recording XC999999 on xeno-canto."), "\(missingNumber.stderr)")
        }
    }

    @Test func tabSwitchesToTheOtherRecordingAtTheSamePoint() async throws {
        try await TestCatalog.withServer { server in
            for id in [Self.low, "900014"] { _ = try await server.audio.file(for: DemoRecordings.builtIn.entry(id: id)!.audio!) }
            // XC900014: 12 s, so A is still playing when Tab is pressed.
            let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "compare", "900014", Self.low] + server.api,
                                           environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color"]))
            try await terminal.waitForScreen { $0.contains("▶ A · XC900014") && $0.contains("▶ 0:03 / 0:12") }
            try terminal.send("Tab")
            // B's clock, once B is heard and its first position told (it may buffer first: its file is
            // asked for now; the line drawn on its start, before any position, has an empty bar).
            let switched = try await terminal.waitForScreen(seconds: 30) {
                $0.contains("▶ B · XC900004") && $0.range(of: #"▶ 0:0\d / 0:06 ━"#, options: .regularExpression) != nil
            }
            #expect(switched.contains("  A · XC900014"), "A no longer marked")
            // A quarter into A's 12 s: a quarter into B's 6 s, 0:01 or so, not its start.
            let shown = try #require(switched.range(of: #"▶ 0:0\d / 0:06"#, options: .regularExpression)).lowerBound
            let seconds = Int(String(switched[switched.index(shown, offsetBy: 5)]))
            #expect(seconds.map { (1...3).contains($0) } == true, "\(switched)")
            try terminal.send("?")
            let keys = try await terminal.waitForScreen { $0.contains("Keys — ? q or Esc closes") }
            #expect(keys.contains("  Tab ") && keys.contains("  space "), "compare's keys, Tab first: \(keys)")
            try terminal.send("Escape")
            let closed = try await terminal.waitForScreen { !$0.contains("Keys —") }
            #expect(closed.contains("Tab other") && closed.contains("? keys"), "the help bar is back: \(closed)")
            try terminal.send("q")
            #expect(try await terminal.exitStatus(within: 5) == 0)
        }
    }
}
}
