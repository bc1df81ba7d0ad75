import ChirperCore
import Foundation
import Testing

/// Escape sequences come from one type, so what the terminal is told, and how it is put back, can be
/// read in one file.
@Suite("terminal escapes in one place")
struct TerminalEscapeTests {
    @Test func noSourceFileButTerminalEscapeWritesAnEscapeByte() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        let writers = try files.filter { file in
            let text = try String(contentsOf: file, encoding: .utf8)
            return text.contains("\\u{1B}") || text.contains("\\u{1b}") || text.contains("\\e[")
        }.map(\.lastPathComponent)
        #expect(writers == ["TerminalEscape.swift"])
    }

    @Test func theFullScreenIsLeftAsItWasEntered() {
        #expect(TerminalEscape.enterFullScreen == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        #expect(TerminalEscape.leaveFullScreen.description == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        #expect(TerminalEscape.moveTo(row: 3, column: 1) == "\u{1B}[3;1H")
    }
}
