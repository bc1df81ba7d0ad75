import DemoCatalog
import Foundation
import Testing

/// A config folder of a test's own, in its temporary folder, for `XDG_CONFIG_HOME`.
struct ConfigFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-config-\(UUID().uuidString)")

    init(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent("chirper"), withIntermediateDirectories: true)
        try write(bytes)
    }

    func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent("chirper/config"))
    }

    var file: String { url.appendingPathComponent("chirper/config").path }
    var environment: [String: String] { ["XDG_CONFIG_HOME": url.path] }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The config file as a user edits it: a line that cannot be used is named on stderr with its number and
/// what was expected, never its value, and the other lines count.
@Suite("config file warnings")
struct ConfigFileWarningTests {
    @Test func anInvalidByteAndAnUnknownSettingAreNamedAndTheKeyIsStillUsed() async throws {
        let folder = try ConfigFolder([0x23, 0x20, 0xE9, 0x0A] + Array("volume = 50\nkey = demo\n".utf8))
        defer { folder.remove() }
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "grp:birds", "--api-url", server.apiURL], environment: folder.environment)
            #expect(result.status == 0, "the key on line 3 is used: \(result.stderr)")
            #expect(result.stderr.contains("chirper: \(folder.file) line 1 is not UTF-8 text, so it is ignored; the other lines are used"), "\(result.stderr)")
            #expect(result.stderr.contains("chirper: \(folder.file) line 2: `volume` is not a setting; expected `key` or `api-url`"), "\(result.stderr)")
            // The folder's random name may hold "50": the values are looked for in the rest.
            let words = result.stderr.replacingOccurrences(of: folder.file, with: "")
            #expect(!words.contains("demo") && !words.contains("50"), "no value shown: \(result.stderr)")
        }
    }
}

extension PlaybackTests.Browse {
    /// A newcomer's first run: `key: demo` (a colon) is no key. browse says to set the key and press r;
    /// the file is put right meanwhile, and r reads it again: the rows come. The warning named the line.
    @Test func rAfterFixingTheConfigFileReadsItAgain() async throws {
        let folder = try ConfigFolder(Array("key: demo\n".utf8))
        defer { folder.remove() }
        try await TestCatalog.withServer { server in
            let terminal = try TmuxSession(
                command: [ChirperProcess.binary.path, "browse"] + Self.everything + ["--api-url", server.apiURL],
                environment: ChirperProcess.environment(extra: folder.environment.merging(["TERM": "xterm-256color"]) { $1 }))
            let refused = try await terminal.waitForScreen { $0.contains("Set the key, then press r to retry") }
            #expect(refused.contains("No API key"), "\(refused)")
            try folder.write(Array("key = demo\n".utf8))
            try terminal.send("r")
            let rows = try await terminal.waitForScreen { $0.contains("row 1 of ") }
            #expect(Self.numbers(rows).first == 900_001, "\(rows)")
            try terminal.send("q")
            try await Self.expectRestored(terminal, status: 0)
            let after = try terminal.joinedScreen()
            #expect(after.contains("line 1: `key:` is written with a colon"), "the warning, on the main screen: \(after)")
        }
    }
}
