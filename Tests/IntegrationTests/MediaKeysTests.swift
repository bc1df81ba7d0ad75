import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// Chirper as a desktop player (MPRIS) on a session bus of the test's own, driven by `playerctl` as
/// media keys and desktop widgets drive it: what it says of the recording, pause and play heard on the
/// null sink's monitor, a position, next and previous in a queue, stop.
@Suite("media keys and playerctl (MPRIS)")
struct MediaKeys {
    /// A dbus-daemon of the test's own, in a temporary folder; stopped (SIGKILL) by `stop`.
    struct SessionBus {
        let folder: URL
        let pid: Int32
        var address: String { "unix:path=" + folder.appendingPathComponent("bus").path }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-bus-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let started = try Spawn.run("/usr/bin/dbus-daemon", ["--session", "--address=unix:path=" + folder.appendingPathComponent("bus").path,
                                                                "--fork", "--print-pid=1"])
            pid = try #require(Int32(started.output.trimmingCharacters(in: .whitespacesAndNewlines)), "dbus-daemon: \(started.output)")
        }

        /// `playerctl -p chirper` with `arguments`, on this bus: its output, trimmed.
        func playerctl(_ arguments: [String]) async throws -> String {
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            let result = try await Spawn.run("/usr/bin/playerctl", ["-p", "chirper"] + arguments, environment: environment)
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Asks `playerctl` until `done` holds of its answer (5 s at most); returns the last answer.
        @discardableResult
        func waitFor(_ arguments: [String], _ done: (String) -> Bool) async throws -> String {
            var answer = ""
            for _ in 0..<100 {
                answer = try await playerctl(arguments)
                if done(answer) { return answer }
                try await Task.sleep(for: .milliseconds(50))
            }
            return answer
        }

        func stop() {
            kill(pid, SIGKILL)
            try? FileManager.default.removeItem(at: folder)
        }
    }

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

            _ = try await bus.playerctl(["position", "30"])
            let position = try await bus.waitFor(["position"]) { (Double($0) ?? 0) >= 30 }
            #expect((Double(position) ?? 0) >= 30 && (Double(position) ?? 0) < 35, "position 30: \(position)")

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
            #expect(lines.contains { $0.hasPrefix("2/1 · XC900041") || $0.hasPrefix("1/1 · XC900041") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("Played ") }, "stop ends the queue as q does: \(lines)")
            #expect(heard.audibleSeconds > 0.5, "heard before the pause: \(heard.audibleSeconds) s")
        }
    }
}
}
