import DemoCatalog
import Foundation
import Glibc
import Testing

/// browse's keys that play nothing, in a terminal: the prompt's editing, `o` and `y`, a narrow layout.
@Suite("browse: the prompt, o and y, narrow")
struct BrowseKeysTests {
    @Test func thePromptEditsOOpensThePageYCopiesItsNumberAndANarrowTableKeepsTypeAndQuality() async throws {
        // xdg-open as the desktop has it, here one that notes what it was asked to open.
        let desktop = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: desktop, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: desktop) }
        let opener = desktop.appendingPathComponent("xdg-open")
        try "#!/bin/sh\necho \"$@\" > '\(desktop.path)/opened'\necho noise\n".write(to: opener, atomically: true, encoding: .utf8)
        chmod(opener.path, 0o755)
        try await TestCatalog.withServer { server in
            let path = desktop.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let terminal = try PlaybackTests.Browse.session(server, environment: ["PATH": path])
            try await terminal.waitForScreen { $0.contains("row 1 of ") }
            try terminal.send("o")
            let opening = try await terminal.waitForScreen { $0.contains("Opening https://xeno-canto.org/900001") }
            #expect(!opening.contains("noise"), "the opener's output stays off the screen: \(opening)")
            try terminal.allowClipboard()
            try terminal.send("y")
            try await terminal.waitForScreen { $0.contains("XC900001 copied") }
            #expect(try terminal.clipboard() == "XC900001")
            #expect((try? String(contentsOf: desktop.appendingPathComponent("opened"), encoding: .utf8)) == "https://xeno-canto.org/900001\n")

            try terminal.send("/")
            try await terminal.waitForScreen { $0.contains("Search: grp:birds▏") }
            try terminal.send("M-b", "C-w", "Right")
            let edited = try await terminal.waitForScreen { $0.contains("Search: b▏irds") }
            #expect(edited.contains("Search: b▏irds"), "Alt-B to the word, Ctrl-W the tag, → one on: \(edited)")
            try terminal.send("C-u")
            try await terminal.waitForScreen { $0.contains("Search: ▏irds") }
            try terminal.send("C-k", "Escape")
            // Escape read with the next key in one go would be Alt and that key: the prompt is seen closed first.
            try await terminal.waitForScreen { !$0.contains("Search:") }

            // At 60 columns the sound type and the quality stay; country and recordist go.
            try terminal.resize(width: 60, height: 20)
            let narrow = try await terminal.waitForScreen { $0.contains("English name") && !$0.contains("Country") }
            #expect(narrow.contains("Type") && narrow.contains(" Q ") && !narrow.contains("Recordist"), "\(narrow)")
            try terminal.send("q")
            // A bound on the wait for the end (the library's first writes may wait on a busy disk); the
            // screen left is shown if it is not over by then.
            try await PlaybackTests.Browse.expectRestored(terminal, status: 0, within: 15 * Sanitizer.slowdown)
        }
    }
}
