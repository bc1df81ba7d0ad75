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
        try await Self.expectEnded(terminal, status: 0, within: 5)
    }

    /// `?` lists the keys below the status line; q closes the list (the play goes on), the next q stops.
    @Test func questionMarkListsTheKeysAndQClosesTheListBeforeItStops() async throws {
        let terminal = try Self.session(try await Self.longTone())
        let playing = try await terminal.waitForScreen { $0.contains("▶ 0:01") }
        #expect(playing.contains("space pause · q quit") && playing.contains("? keys"), "the help bar: \(playing)")
        try terminal.send("?")
        let keys = try await terminal.waitForScreen { $0.contains("Keys — ? q or Esc closes") }
        for key in ["space", "→ ←", "+ -", "[ ]", "{ }", "⌫", "t ", "l "] {
            #expect(keys.contains("  " + key), "\(key) listed: \(keys)")
        }
        #expect(!keys.contains("Tab"), "no compare keys on play")
        try terminal.send("q")
        let closed = try await terminal.waitForScreen { !$0.contains("Keys —") }
        let before = Self.elapsed(closed)
        let going = try await terminal.waitForScreen { Self.elapsed($0) > before }
        #expect(Self.elapsed(going) > before, "q closed the list and the play goes on: \(going)")
        try terminal.send("q")
        try await Self.expectEnded(terminal, status: 0, within: 5)
    }

    @Test func ctrlCStopsAtOnceRestoresTheTerminalAndExits130() async throws {
        let terminal = try Self.session(try await Self.longTone())
        try await terminal.waitForScreen { $0.contains("▶ 0:01") }
        try terminal.send("C-c")
        try await Self.expectEnded(terminal, status: 130, within: 3)
    }

    /// Ctrl-Z while a script plays (bash running chirper as its child, as a wrapper would): the whole job
    /// stops with the terminal given back, and `fg` goes on, with raw keys again (q stops at once).
    /// Three times: the script may stop and its shell take the terminal before Chirper has restored it,
    /// which once left Chirper stopped by SIGTTOU after fg, now and then.
    @Test(.disabled(if: Sanitizer.isThread, "job control under ThreadSanitizer: see Sanitizer.isThread"))
    func ctrlZUnderAScriptStopsTheJobAndFgGoesOn() async throws {
        let file = try await Self.longTone()
        let terminal = try TmuxSession(
            command: ["/bin/bash", "-c", "\"$0\" play \"$1\"; true", ChirperProcess.binary.path, file.path],
            environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color"]), jobControl: true)
        // The status line drawn last, below the shell's lines.
        func lastElapsed(_ screen: String) -> Int { Self.elapsed(String(screen.split(separator: "\n").last { $0.contains("▶") } ?? "")) }
        func stops(_ screen: String) -> Int { screen.components(separatedBy: "Stopped").count - 1 }
        try terminal.typeCommand()
        try await terminal.waitForScreen { $0.contains("▶ 0:01") }
        for round in 1...3 {
            try terminal.send("C-z")
            let stopped = try await terminal.waitForScreen { stops($0) == round }
            #expect(stops(stopped) == round, "the shell says the job stopped: \(stopped)")
            let stoppedAt = lastElapsed(stopped)
            try terminal.resumeJob()
            let going = try await terminal.waitForScreen(seconds: 5) { lastElapsed($0) >= stoppedAt + 1 }
            #expect(lastElapsed(going) >= stoppedAt + 1, "the play goes on after fg: \(going)")
        }
        try terminal.send("q")
        try await Task.sleep(for: .milliseconds(500))
        try terminal.recordStatus()
        try await Self.expectEnded(terminal, status: 0, within: 5)
    }

    /// The play ended at once with `status` and left the terminal as it found it.
    static func expectEnded(_ terminal: TmuxSession, status: Int, within seconds: Double) async throws {
        let ended = try await terminal.exitStatus(within: seconds)
        #expect(ended == status, "exit \(status) at once: \(ended.map(String.init) ?? "still running"): \((try? terminal.screen()) ?? "")")
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
