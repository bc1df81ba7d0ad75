import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// Chirper as a desktop player (MPRIS) on a session bus of the test's own, driven by `playerctl` as
/// media keys and desktop widgets drive it: what it says of the recording, pause and play heard on the
/// null sink's monitor, a position, next and previous in a queue, stop.
@Suite("media keys and playerctl (MPRIS)")
struct MediaKeys {
    @Test func playerctlReadsTheRecordingPausesSeeksSkipsAndStopsAQueue() async throws {
        let entry = try #require(DemoRecordings.builtIn.entry(id: "900041"))  // a minute long
        let recording = entry.recording
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: entry.audio!)
            let bus = try SessionBus()
            defer { bus.stop() }
            let recorder = try await MonitorRecorder()
            let queue = Task {
                try await ChirperProcess.run(["queue", "nr:900041", "--repeat"] + server.api,
                                             environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 40)
            }
            let status = try await bus.waitFor(["status"]) { $0 == "Playing" }
            #expect(status == "Playing")
            let metadata = try await bus.playerctl(["metadata", "--format", "{{xesam:title}}|{{xesam:artist}}|{{xesam:url}}|{{mpris:length}}|{{mpris:trackid}}"])
            #expect(metadata == "\(recording.englishName!)|\(recording.recordist!)|https://xeno-canto.org/900041|60000000|'/org/chirper/track/0'",
                    "\(metadata)")

            try await Task.sleep(for: .seconds(1))
            _ = try await bus.playerctl(["play-pause"])
            #expect(try await bus.waitFor(["status"]) { $0 == "Paused" } == "Paused")
            try await Task.sleep(for: .milliseconds(300))  // what was already written drains
            let whilePaused = try await MonitorRecorder()
            try await Task.sleep(for: .seconds(1))
            #expect(HeardSound(samples: try await whilePaused.stop()).audibleSeconds == 0, "silence while paused")
            _ = try await bus.playerctl(["play-pause"])
            #expect(try await bus.waitFor(["status"]) { $0 == "Playing" } == "Playing")
            let resumed = try await MonitorRecorder()
            try await Task.sleep(for: .seconds(1))
            let heardResumed = HeardSound(samples: try await resumed.stop())
            #expect(heardResumed.audibleSeconds > 0.5, "sound again: \(heardResumed.audibleSeconds) s")

            let seeked = try bus.watch("type='signal',interface='org.mpris.MediaPlayer2.Player',member='Seeked'")
            defer { seeked.stop() }
            _ = try await bus.playerctl(["position", "30"])
            let position = try await bus.waitFor(["position"]) { (Double($0) ?? 0) >= 30 }
            #expect((Double(position) ?? 0) >= 30 && (Double(position) ?? 0) < 35, "position 30: \(position)")
            for _ in 0..<50 where !seeked.text.contains("int64 3") { try await Task.sleep(for: .milliseconds(100)) }
            #expect(seeked.text.contains("member=Seeked") && seeked.text.contains("int64 3"), "Seeked told at 30 s: \(seeked.text)")

            let name = "org.mpris.MediaPlayer2." + (try await bus.playerctl(["--list-all"]).split(separator: "\n").first.map(String.init) ?? "")
            let introspection = try await bus.send(["--print-reply", "--dest=" + name, "/org/mpris/MediaPlayer2",
                                                   "org.freedesktop.DBus.Introspectable.Introspect"])
            #expect(introspection.contains("<interface name=\"org.mpris.MediaPlayer2.Player\">") && introspection.contains("SetPosition"),
                    "\(introspection)")

            _ = try await bus.playerctl(["next"])
            let next = try await bus.waitFor(["metadata", "mpris:trackid"]) { $0 == "'/org/chirper/track/1'" }
            #expect(next == "'/org/chirper/track/1'", "next: the queue's next entry (the same recording, --repeat)")
            try await Task.sleep(for: .seconds(1))
            _ = try await bus.playerctl(["previous"])
            let previous = try await bus.waitFor(["metadata", "mpris:trackid"]) { $0 == "'/org/chirper/track/0'" }
            #expect(previous == "'/org/chirper/track/0'", "previous, a moment into the entry: the entry before")

            _ = try await bus.playerctl(["stop"])
            let result = try await queue.value
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(!result.timedOut)
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            // The entry's header once when it starts, after next, after previous.
            #expect(lines.filter { $0.hasPrefix("1/1 · XC900041") }.count == 3, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("Played ") }, "stop ends the queue as q does: \(lines)")
            #expect(heard.audibleSeconds > 0.5, "heard before the pause: \(heard.audibleSeconds) s")
        }
    }

    /// Browse offers the row that plays: the desktop's pause is the screen's pause, and stop ends the
    /// row's play as s does.
    @Test func browseOffersThePlayingRowAndTakesPauseAndStop() async throws {
        let entry = try #require(DemoRecordings.builtIn.entry(id: "900041"))
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: entry.audio!)
            let bus = try SessionBus()
            defer { bus.stop() }
            let environment = ChirperProcess.environment(extra: ["TERM": "xterm-256color", "DBUS_SESSION_BUS_ADDRESS": bus.address])
            let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "browse", "nr:900041"] + server.api,
                                           environment: environment, width: 100, height: 20)
            try await terminal.waitForScreen { $0.contains("row 1 of 1") }
            try terminal.send("Enter")
            try await terminal.waitForScreen { $0.contains("▶ 0:01 / 1:00") }
            let told = try await bus.waitFor(["metadata", "--format", "{{xesam:title}}|{{xesam:url}}"]) { !$0.isEmpty }
            #expect(told == "\(entry.recording.englishName!)|https://xeno-canto.org/900041", "\(told)")
            _ = try await bus.playerctl(["pause"])
            let paused = try await terminal.waitForScreen { $0.contains("(paused)") }
            #expect(paused.contains("(paused)"))
            #expect(try await bus.playerctl(["status"]) == "Paused")
            _ = try await bus.playerctl(["stop"])
            let stopped = try await terminal.waitForScreen { !$0.contains("(paused)") && !$0.contains("▶") }
            #expect(!stopped.contains("(paused)"), "the row's play ended: \(stopped)")
            try terminal.send("q")
            #expect(try await terminal.exitStatus(within: 5) == 0)
        }
    }
}
}
