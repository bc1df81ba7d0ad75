import Foundation

/// A real terminal for tests: a tmux server of the test's own (its own socket), one pane running a shell
/// script, keys sent with `send-keys` and the screen read with `capture-pane`.
final class TmuxSession {
    let socket = "chirper-test-\(UUID().uuidString.prefix(8))"
    let directory: URL

    /// Runs `command` in a `width`×`height` pane (100×20 unless told). The script records `stty -g` before and after, then the exit
    /// status, last and by rename, so a test that sees the status can read the settings.
    init(command: [String], environment: [String: String], width: Int = 100, height: Int = 20) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let exports = environment.map { "export \($0.key)='\($0.value)'" }.joined(separator: "\n")
        let script = """
            \(exports)
            stty -g > \(directory.path)/stty-before
            \(quoted)
            status=$?
            stty -g > \(directory.path)/stty-after
            echo $status > \(directory.path)/status.part && mv \(directory.path)/status.part \(directory.path)/status
            sleep 30
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height), "bash", directory.appendingPathComponent("run.sh").path], output: false)
    }

    deinit {
        try? tmux(["kill-server"], output: false)
        try? FileManager.default.removeItem(at: directory)
    }

    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys, output: false) }

    func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

    /// The pane takes a new size, as when a user resizes the terminal window (the program gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", String(width), "-y", String(height)], output: false)
    }

    /// Sends `signal` to the command (the pane's shell runs it as its only child).
    func signalCommand(_ signal: Int32) throws {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try Spawn.run("/usr/bin/pgrep", ["-P", shell]).output
        for pid in children.split(separator: "\n").compactMap({ Int32($0) }) { kill(pid, signal) }
    }

    /// Waits up to `seconds` for the screen to satisfy `condition`; returns the last screen seen.
    @discardableResult
    func waitForScreen(seconds: Double = 15, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        return last
    }

    /// The command's exit status once it has ended (nil if it has not within `seconds`).
    func exitStatus(within seconds: Double = 15) async throws -> Int? {
        let file = directory.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), let status = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// `stty -g` before the command and after it, to check the terminal was left as it was.
    func terminalSettings() -> (before: String, after: String) {
        let read = { (name: String) in (try? String(contentsOf: self.directory.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return (read("stty-before"), read("stty-after"))
    }

    /// Runs one tmux command; `-u`: UTF-8 whatever the test's locale.
    @discardableResult
    private func tmux(_ arguments: [String], output wanted: Bool = true) throws -> String {
        try Spawn.run("/usr/bin/tmux", ["-u", "-L", socket] + arguments, output: wanted).output
    }
}
