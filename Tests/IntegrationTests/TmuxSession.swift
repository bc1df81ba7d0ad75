import Foundation

/// A real terminal for tests: a tmux server of the test's own (its own socket), one pane running a shell
/// script, keys sent with `send-keys` and the screen read with `capture-pane`.
final class TmuxSession {
    let socket = "chirper-test-\(UUID().uuidString.prefix(8))"
    let directory: URL
    /// The command, quoted for the shell.
    private let commandLine: String

    /// Runs `command` in a `width`×`height` pane (100×20 unless told). The script records `stty -g` before and after, then the exit
    /// status, last and by rename, so a test that sees the status can read the settings.
    /// `jobControl`: the pane runs an interactive shell instead, where `typeCommand()` starts the command
    /// as a job of its own, as a user would: Ctrl-Z stops it, `fg` (`resumeJob()`) continues it, and
    /// `recordStatus()`, typed once it has ended, records the settings and its status.
    init(command: [String], environment: [String: String], width: Int = 100, height: Int = 20, jobControl: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        commandLine = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let exports = environment.map { "export \($0.key)='\($0.value)'" }.joined(separator: "\n")
        let record = """
            status=$?
            stty -g > \(directory.path)/stty-after
            echo $status > \(directory.path)/status.part && mv \(directory.path)/status.part \(directory.path)/status
            """
        let script = jobControl
            ? """
                \(exports)
                stty -g > \(directory.path)/stty-before
                cat > \(directory.path)/rc <<'RC'
                PS1='$ '
                record() {
                \(record)
                }
                RC
                exec bash --noprofile --rcfile \(directory.path)/rc -i
                """
            : """
                \(exports)
                stty -g > \(directory.path)/stty-before
                \(commandLine)
                \(record)
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

    /// With `jobControl`: types the command at the shell's prompt.
    func typeCommand() throws { try tmux(["send-keys", "-l", commandLine], output: false); try send("Enter") }

    /// With `jobControl`: `fg`, the stopped command continues in the foreground.
    func resumeJob() throws { try send("fg", "Enter") }

    /// With `jobControl`: once the command has ended, records the terminal's settings and its status.
    func recordStatus() throws { try send("record", "Enter") }

    func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

    /// What the program put on the clipboard through the terminal (OSC 52), once `set-clipboard` is on.
    func clipboard() throws -> String { try tmux(["show-buffer"]) }
    func allowClipboard() throws { try tmux(["set-option", "-s", "set-clipboard", "on"], output: false) }

    /// The screen with lines the terminal wrapped joined again.
    func joinedScreen() throws -> String { try tmux(["capture-pane", "-p", "-J"]) }

    /// The pane takes a new size, as when a user resizes the terminal window (the program gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", String(width), "-y", String(height)], output: false)
    }

    /// Whether the pane shows the alternate screen, and whether its cursor is visible.
    func modes() throws -> (alternateScreen: Bool, cursorShown: Bool) {
        let flags = try tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag}"]).split(separator: " ")
        return (flags.first == "1", flags.last?.hasPrefix("1") == true)
    }

    /// Waits up to `seconds` for the pane's modes to be these; returns the last seen.
    @discardableResult
    func waitForModes(alternateScreen: Bool, cursorShown: Bool, seconds: Double = 10) async throws -> (alternateScreen: Bool, cursorShown: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try modes()
        while Date() < deadline, last != (alternateScreen, cursorShown) {
            try await Task.sleep(for: .milliseconds(100))
            last = try modes()
        }
        return last
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
        let deadline = Date().addingTimeInterval(seconds * Sanitizer.slowdown)
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
