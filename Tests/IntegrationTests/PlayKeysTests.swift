import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// `chirper play` in a real terminal (tmux): the live status line and the keys. Nested in PlaybackTests: each
/// test has a null sink of its own.
@Suite("play in a terminal: status line and keys")
struct Keys {
    static func longTone() async throws -> URL {
        try await TestCatalog.audio
            .file(for: AudioSpec(shape: .tone(hertz: 660), sampleRate: 44_100, channels: 1, seconds: 20))
    }

    static func session(_ file: URL) throws -> TmuxSession {
        try TmuxSession(command: [ChirperProcess.binary.path, "play", file.path],
                        environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color"]))
    }

    @Test func spacePausesAndResumesAndQStops() async throws {
        let terminal = try Self.session(try await Self.longTone())
        let playing = try await terminal.waitForScreen { $0.contains("▶ 0:01 / 0:20") }
        #expect(playing.contains("━") && playing.contains("─"), "a progress bar: \(playing)")

        try terminal.send("Space")
        let paused = try await terminal.waitForScreen { $0.contains("(paused)") }
        #expect(paused.contains("‖"), "\(paused)")
        let pausedAt = Self.elapsed(paused)
        try await Task.sleep(for: .seconds(1.5))
        #expect(Self.elapsed(try terminal.screen()) == pausedAt, "the clock stands still while paused")

        try terminal.send("Space")
        let resumed = try await terminal.waitForScreen { $0.contains("▶") && !$0.contains("(paused)") && Self.elapsed($0) > pausedAt }
        #expect(Self.elapsed(resumed) > pausedAt, "\(resumed)")

        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 5) == 0, "q stops at once and exits 0")
        let stty = terminal.terminalSettings()
        #expect(!stty.before.isEmpty && stty.before == stty.after, "the terminal is left as it was: \(stty.before) → \(stty.after)")
    }

    @Test func ctrlCStopsAtOnceRestoresTheTerminalAndExits130() async throws {
        let terminal = try Self.session(try await Self.longTone())
        try await terminal.waitForScreen { $0.contains("▶ 0:01") }
        try terminal.send("C-c")
        #expect(try await terminal.exitStatus(within: 3) == 130)
        let stty = terminal.terminalSettings()
        #expect(!stty.before.isEmpty && stty.before == stty.after, "the terminal is left as it was: \(stty.before) → \(stty.after)")
    }

    /// Seconds shown as "▶ 0:07 / 0:20" or "‖ 0:07 / 0:20".
    static func elapsed(_ screen: String) -> Int {
        guard let range = screen.range(of: #"[▶‖] (\d+):(\d\d)"#, options: .regularExpression) else { return -1 }
        let parts = screen[range].dropFirst(2).split(separator: ":")
        return (Int(parts[0]) ?? 0) * 60 + (Int(parts[1]) ?? 0)
    }
}
}
