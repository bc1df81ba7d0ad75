import Foundation
import Testing

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
        try await run("/usr/bin/playerctl", ["-p", "chirper"] + arguments).trimmingCharacters(in: .whitespacesAndNewlines)
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

    /// `dbus-send` with `arguments`, on this bus: its output.
    func send(_ arguments: [String]) async throws -> String {
        try await run("/usr/bin/dbus-send", ["--session"] + arguments)
    }

    /// A D-Bus client run on this bus: its output.
    private func run(_ executable: String, _ arguments: [String]) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        return try await Spawn.run(executable, arguments, environment: environment).output
    }

    /// `dbus-monitor` of the messages that `match`, from now until `stop`.
    func watch(_ match: String) throws -> Watch { try Watch(address: address, match: match) }

    final class Watch {
        private let process = Process()
        private let file: URL

        init(address: String, match: String) throws {
            file = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-watch-\(UUID().uuidString)")
            FileManager.default.createFile(atPath: file.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
            process.arguments = ["--address", address, match]
            process.standardOutput = try FileHandle(forWritingTo: file)
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// What was seen so far.
        var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: file)
        }
    }
}
