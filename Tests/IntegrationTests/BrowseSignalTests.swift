import DemoCatalog
import Foundation
import Glibc
import Testing

extension PlaybackTests.Browse {
    /// SIGHUP (the terminal window closed) and SIGQUIT (Ctrl-\ elsewhere) end browse by their signal,
    /// as before, but give the terminal back first: the main screen, the cursor, the settings.
    @Test(arguments: [SIGHUP, SIGQUIT])
    func sighupAndSigquitGiveTheTerminalBack(_ signal: Int32) async throws {
        try await TestCatalog.withServer { server in
            let terminal = try TmuxSession(
                command: [ChirperProcess.binary.path, "browse"] + Self.everything + server.api,
                environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color", "SWIFT_BACKTRACE": "enable=no"]))
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            let shown = try terminal.modes()
            #expect(shown.alternateScreen && !shown.cursorShown, "browse shows the alternate screen, the cursor hidden")
            try terminal.signalCommand(signal)
            try await Self.expectRestored(terminal, status: 128 + Int(signal))
            let after = try terminal.modes()
            #expect(!after.alternateScreen && after.cursorShown, "the main screen and the cursor are back")
        }
    }

    /// Ctrl-Z (a key in raw mode) or SIGTSTP from outside: the terminal is given back and browse stops,
    /// as less does; `fg` takes the screen back (alternate screen, cursor hidden, raw keys) and redraws.
    @Test(.disabled(if: Sanitizer.isThread, "job control under ThreadSanitizer: see Sanitizer.isThread"), arguments: ["C-z", "SIGTSTP"])
    func suspendingGivesTheTerminalBackAndFgRedraws(_ how: String) async throws {
        try await TestCatalog.withServer { server in
            let terminal = try TmuxSession(
                command: [ChirperProcess.binary.path, "browse"] + Self.everything + server.api,
                environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color"]), jobControl: true)
            try terminal.typeCommand()
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("j")  // the second row selected: the redraw must show it so
            try await terminal.waitForScreen { $0.contains("row 2 of ") }
            if how == "SIGTSTP" { try terminal.signalCommand(SIGTSTP) } else { try terminal.send(how) }
            let suspended = try await terminal.waitForModes(alternateScreen: false, cursorShown: true)
            #expect(!suspended.alternateScreen && suspended.cursorShown, "the main screen and the cursor while suspended")
            let shell = try await terminal.waitForScreen { $0.contains("Stopped") }
            #expect(shell.contains("Stopped") && !shell.contains("row 2 of "), "the shell's screen: \(shell)")

            try terminal.resumeJob()
            let resumed = try await terminal.waitForModes(alternateScreen: true, cursorShown: false)
            #expect(resumed.alternateScreen && !resumed.cursorShown, "the alternate screen, the cursor hidden, after fg")
            let redrawn = try await terminal.waitForScreen { $0.contains("row 2 of ") && $0.contains("⏎ play · a all") }
            #expect(redrawn.contains("row 2 of ") && !redrawn.contains("Stopped"), "redrawn whole: \(redrawn)")
            try terminal.send("j")  // raw keys again: one key, no Enter
            try await terminal.waitForScreen { $0.contains("row 3 of ") }
            try terminal.send("q")
            try await terminal.waitForModes(alternateScreen: false, cursorShown: true)
            try terminal.recordStatus()
            try await Self.expectRestored(terminal, status: 0)
        }
    }
}
