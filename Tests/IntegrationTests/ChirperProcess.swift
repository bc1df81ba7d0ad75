import Foundation

/// Runs the built `chirper` binary as a user would, with a clean environment (no key, no config file
/// unless a test gives one) and a time limit, and captures what it printed and how it exited.
struct ChirperProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
    }

    /// `.build/<triple>/debug/chirper`: beside the test bundle that runs us.
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["CHIRPER_BIN"] { return URL(fileURLWithPath: override) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("chirper")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/chirper")
    }()

    /// A home of its own for each run: no config file, no cache from another test.
    static func environment(extra: [String: String]) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [:]
        for name in ["PATH", "PULSE_RUNTIME_PATH", "PULSE_SERVER", "PULSE_COOKIE", "LANG", "LC_ALL", "TMPDIR", "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
            if let value = inherited[name] { environment[name] = value }
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-home-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment["HOME"] = home.path
        environment["CHIRPER_CACHE"] = home.appendingPathComponent("recordings").path  // each run its own cache
        environment["XDG_CACHE_HOME"] = TestCatalog.audioDirectory.deletingLastPathComponent().deletingLastPathComponent().path
        environment["COLUMNS"] = "120"
        // No session bus unless the test gives one: the desktop's media keys never reach a test's play,
        // and every play goes the way of a machine without a bus.
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/chirper-test-bus"
        // The test's own null sink, on the shared daemon; not when the test names another sound server.
        if let sink = OwnSink.current, extra["PULSE_SERVER"] == nil, extra["PULSE_RUNTIME_PATH"] == nil {
            environment["PULSE_SINK"] = sink
        }
        return environment.merging(extra) { $1 }
    }

    /// `script` run by bash, in which `chirper` is the binary under test: the arguments as a shell makes them.
    static func shell(_ script: String, environment extra: [String: String] = [:]) async throws -> Result {
        try await run(["-c", "chirper() { \"$CHIRPER\" \"$@\"; }; " + script], environment: extra.merging(["CHIRPER": binary.path]) { $1 },
                      executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// `killWhen`: asked every 20 ms; once true the process is killed (SIGKILL) as at the timeout.
    /// `input`: what standard input holds (else nothing: /dev/null).
    static func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 60,
                    executable: URL = binary, input: String? = nil, killWhen: (() -> Bool)? = nil) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra: extra)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let input {
            let inURL = scratch.appendingPathComponent("stdin")
            try input.write(to: inURL, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline || killWhen?() == true {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            timedOut: timedOut)
    }
}
