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
    /// The defaults a user keeps in the file are used, and `chirper config` says where each setting came from.
    @Test func theFilesDefaultsAreUsedAndConfigSaysWhereEachSettingComesFrom() async throws {
        let folder = try ConfigFolder(Array("# mine\nper-page = 50\nvolume = 60\ncolor = never\nkey = demo\n".utf8))
        defer { folder.remove() }
        try await TestCatalog.withServer { server in
            let search = try await ChirperProcess.run(["search", "grp:birds", "--api-url", server.apiURL], environment: folder.environment)
            #expect(search.status == 0, "\(search.stderr)")
            #expect(server.faults.apiRequests.last?.parameters["per_page"] == "50", "per-page from the file")
            let config = try await ChirperProcess.shell("XC_API_URL=\(server.apiURL) chirper config --volume 70", environment: folder.environment)
            #expect(config.status == 0, "\(config.stderr)")
            let lines = config.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            for line in ["key (hidden, 4 characters) \(folder.file) line 5", "api-url \(server.apiURL) environment XC_API_URL",
                         "volume 70 option --volume", "speed 1 default", "per-page 50 \(folder.file) line 2", "color never \(folder.file) line 4"] {
                #expect(lines.contains(line), "\(line): \(config.stdout)")
            }
            #expect(!config.stdout.contains("demo"), "the key is never shown")
        }
    }

    @Test func anInvalidByteAndAnUnknownSettingAreNamedAndTheKeyIsStillUsed() async throws {
        let folder = try ConfigFolder([0x23, 0x20, 0xE9, 0x0A] + Array("volumes = 50\nkey = demo\n".utf8))
        defer { folder.remove() }
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "grp:birds", "--api-url", server.apiURL], environment: folder.environment)
            #expect(result.status == 0, "the key on line 3 is used: \(result.stderr)")
            #expect(result.stderr.contains("chirper: \(folder.file) line 1 is not UTF-8 text, so it is ignored; the other lines are used"), "\(result.stderr)")
            #expect(result.stderr.contains("chirper: \(folder.file) line 2: `volumes` is not a setting; expected `key`, `api-url`, `volume`"), "\(result.stderr)")
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
