import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// Packs end to end against the demo catalog: built from a species list and from a query, exported,
/// imported, then played with the server gone (heard on the null sink's monitor) and listed in browse.
@Suite("packs: built, kept, played offline")
struct Packs {
    /// A library of its own for a test: every run of it shares `XDG_DATA_HOME`.
    struct Library {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-data-\(UUID().uuidString)")
        var environment: [String: String] { ["XDG_DATA_HOME": data.path] }
        func folder(_ pack: String) -> URL { data.appendingPathComponent("chirper/packs/\(pack)") }

        func run(_ arguments: [String], timeout: TimeInterval = 60) async throws -> ChirperProcess.Result {
            try await ChirperProcess.run(arguments, environment: environment, timeout: timeout)
        }

        /// Where a build of `pack` is made until it is whole.
        func building(_ pack: String) -> URL { data.appendingPathComponent("chirper/packs/.\(pack).building") }

        func files(_ pack: String, building: Bool = false) -> [String] {
            let folder = building ? self.building(pack) : folder(pack)
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".mp3") }.sorted()
        }
    }

    static func speciesFile(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("species-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func aPackFromASpeciesListIsCreditedExportedImportedAndPlaysWithTheServerGone() async throws {
        let library = Library()
        let list = try Self.speciesFile("Great Tit\nTurdus merula\nGreat Tti\n")
        try await TestCatalog.withServer { server in
            let built = try await library.run(["pack", "build", "trip", "--species", list, "--per-species", "1", "--max-length", "3"] + server.api)
            #expect(built.status == 0, "\(built.stderr)")
            #expect(built.stdout.contains("· Great Tti → Great Tit, Parus major (the nearest name)"), "\(built.stdout)")
            #expect(built.stdout.contains("Pack trip: 2 recordings of 2 species"), "\(built.stdout)")
            // One request a species; the typo is Great Tit again, asked for once.
            #expect(server.faults.apiRequests.count == 2, "\(server.faults.apiRequests.map(\.parameters))")
            // Within 3 s: Great Tit's cleanest (0:02, quality A, before its 0:03 of quality B); the blackbird's one.
            #expect(library.files("trip") == ["XC900001.mp3", "XC900087.mp3"], "\(library.files("trip"))")
            let credits = try String(contentsOf: library.folder("trip").appendingPathComponent("CREDITS.md"), encoding: .utf8)
            #expect(credits.contains("- XC900001: Great Tit *Parus major*") && credits.contains("licence: CC BY-NC-SA 4.0 <https://creativecommons.org/licenses/by-nc-sa/4.0/>"), "\(credits)")
            #expect(credits.contains("recordist: Ana Sousa") && credits.contains("source: <https://xeno-canto.org/900001>"), "\(credits)")

            let shown = try await library.run(["pack", "show", "trip"])
            let exported = try await library.run(["pack", "export", "trip", "--json"])
            #expect(exported.status == 0 && exported.stdout.contains("\"format\": \"chirper-pack 1\""), "\(exported.stderr)")
            // Every recording, an NC one (XC900001, CC BY-NC-SA) too: it carries no sound, each importer
            // fetches the files from xeno-canto. The flag of old scripts changes nothing.
            #expect(exported.stdout.contains("\"900001\"") && exported.stdout.contains("\"900087\"") && exported.stderr.isEmpty, "\(exported.stdout)")
            let old = try await library.run(["pack", "export", "trip", "--json", "--all-licences"])
            #expect(old.status == 0 && old.stdout == exported.stdout)
            let packFile = library.data.appendingPathComponent("exported.json")
            try exported.stdout.write(to: packFile, atomically: true, encoding: .utf8)
            let before = server.faults.apiRequests.count
            let imported = try await library.run(["pack", "import", packFile.path, "--name", "again"] + server.api)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(server.faults.apiRequests.count == before, "an import asks the API nothing")
            let again = try await library.run(["pack", "show", "again"])
            #expect(Self.recordingLines(again.stdout) == Self.recordingLines(shown.stdout) && Self.recordingLines(shown.stdout).count == 2,
                    "\(shown.stdout)\n\(again.stdout)")

            let playlist = try await library.run(["pack", "export", "trip", "--m3u"])
            let lines = playlist.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "#EXTM3U" && lines.filter { $0.hasPrefix("#EXTINF:") }.count == 2, "\(playlist.stdout)")
            #expect(lines.filter { $0.hasPrefix("/") }.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(playlist.stdout)")
            await server.stop()
        }

        // The server is gone: the pack plays from its files.
        let recorder = try await MonitorRecorder()
        let played = try await library.run(["queue", "--pack", "trip"])
        let heard = HeardSound(samples: try await recorder.stop())
        #expect(played.status == 0, "\(played.stdout)\n\(played.stderr)")
        #expect(played.stdout.contains("Played 2 tracks, 0 failed"), "\(played.stdout)")
        // Great Tit's file is a 2 s tone of 3000 Hz; the blackbird's 3 s song follows it.
        #expect(heard.pitchRuns().contains { abs($0.hertz - 3000) < 5 && abs($0.seconds - 2) < 0.35 }, "\(heard.pitchRuns())")
        #expect(abs(heard.audibleSeconds - 5) < 0.5, "both files heard, one after the other: \(heard.audibleSeconds) s")

        let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "browse", "--pack", "trip"],
                                       environment: ChirperProcess.environment(extra: library.environment.merging(["TERM": "xterm-256color"]) { $1 }))
        let screen = try await terminal.waitForScreen { $0.contains("row 1 of 2") }
        #expect(screen.contains("chirper · pack:trip") && screen.contains("Great Tit") && screen.contains("Turdus merula"), "\(screen)")
        try terminal.send("f")
        let starred = try await terminal.waitForScreen { $0.contains("★") }
        #expect(starred.split(separator: "\n").contains { $0.contains("★") && $0.contains("Great Tit") }, "\(starred)")
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 5) == 0)
        let listed = try await library.run(["list", "show", "starred"])
        #expect(listed.status == 0 && listed.stdout.hasPrefix("XC900001  Great Tit  Parus major"), "stars from browse: \(listed.stdout)\(listed.stderr)")

        // A pack's recording is told and played by its number with no request (the server is gone).
        let told = try await library.run(["info", "XC900001"])
        #expect(told.status == 0 && told.stdout.contains("Great Tit"), "\(told.stderr)")
        let history = try await library.run(["history"])
        #expect(history.stdout.contains("XC900001  Great Tit") && history.stdout.contains("XC900087  Common Blackbird"), "the queue's plays: \(history.stdout)")
    }

    @Test func aQueueOfAPackWithAFileGoneBlamesThatRecordingAndPlaysTheRest() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let built = try await PackFolderTests.build("trip", in: library, server: server)
            #expect(built.status == 0, "\(built.stderr)")
        }
        try FileManager.default.removeItem(at: library.folder("trip").appendingPathComponent("XC900001.mp3"))
        let played = try await library.run(["queue", "--pack", "trip"])
        #expect(played.status == 0, "\(played.stdout)\(played.stderr)")
        #expect(played.stdout.contains("Played 1 track, 1 failed"), "\(played.stdout)")
        #expect(played.stdout.contains("✗ XC900001: its file is missing") && !played.stdout.contains("✗ XC900087"), "\(played.stdout)")
    }

    /// The lines of `pack show` that name a recording.
    static func recordingLines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("XC") } }
}
}

/// A pack build stopped and run again: no sound, so not among the sound tests (it holds no sink).
@Suite("packs: a build stopped and resumed")
struct PackResumeTests {
    typealias Library = PlaybackTests.Packs.Library

    @Test func aBuildStoppedMidwayKeepsNothingHalfAndResumesAskingOnlyForWhatIsMissing() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let arguments = ["pack", "build", "birds", "--query", "gen:turdus", "--per-species", "2", "--max-length", "12"] + server.api
            let process = Process()
            process.executableURL = ChirperProcess.binary
            process.arguments = arguments
            process.environment = ChirperProcess.environment(extra: library.environment)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while library.files("birds", building: true).isEmpty, Date() < deadline, process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let kept = library.files("birds", building: true)
            #expect(library.files("birds").isEmpty, "nothing is in the pack's own folder before the pack is whole")
            #expect(!kept.isEmpty, "a file was whole before the build was stopped")
            let listed = try await library.run(["pack", "list"])
            #expect(listed.stdout.contains("No packs yet"), "no pack is kept half-built: \(listed.stdout)")

            let asked = server.faults.requests.count
            let resumed = try await library.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let again = Array(server.faults.requests.dropFirst(asked))
            #expect(!again.contains { $0.path.hasSuffix("/recordings") }, "the API is not asked again: \(again.map(\.path))")
            let files = library.files("birds")
            #expect(kept.count < files.count, "the build was stopped before its last file: kept \(kept), now \(files)")
            let fetched = again.filter { $0.path.hasSuffix("/download") }
            #expect(fetched.count == files.count - kept.count, "only the missing files are fetched: \(again.map(\.path)), kept \(kept), now \(files)")
            let visible = try FileManager.default.contentsOfDirectory(atPath: library.folder("birds").path)
            #expect(visible.allSatisfy { !$0.contains(".part-") } && !visible.contains(".pending.json"), "\(visible)")
            #expect(!FileManager.default.fileExists(atPath: library.building("birds").path), "the building folder became the pack's")
        }
    }
}
