import DemoCatalog
import Foundation
import Testing

/// A pack's folder is Chirper's own: a build never deletes what it did not make, never writes through a
/// link, runs one at a time per name, and replaces a pack only when asked. Against the demo catalog, with
/// real folders, links and processes; no sound.
@Suite("packs: folders Chirper writes are its own", .serialized)
struct PackFolderTests {
    typealias Library = PlaybackTests.Packs.Library

    static func build(_ name: String, in library: Library, server: DemoServer, extra: [String] = []) async throws -> ChirperProcess.Result {
        let list = try PlaybackTests.Packs.speciesFile("Great Tit\nTurdus merula\n")
        return try await library.run(["pack", "build", name, "--species", list, "--per-species", "1", "--max-length", "3"] + extra + server.api)
    }

    @Test func aRebuildKeepsTheFilesChirperDidNotMakeAndNeedsReplace() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let first = try await Self.build("trip", in: library, server: server)
            #expect(first.status == 0, "\(first.stderr)")
            let folder = library.folder("trip")
            // The user's own files beside the pack's: one named as a recording no pack of theirs holds.
            try Data("mine".utf8).write(to: folder.appendingPathComponent("XC123.mp3"))
            try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))

            let refused = try await Self.build("trip", in: library, server: server)
            #expect(refused.status == 2 && refused.stderr.contains("there is a pack trip already") && refused.stderr.contains("--replace"),
                    "\(refused.stderr)")
            let rebuilt = try await Self.build("trip", in: library, server: server, extra: ["--replace"])
            #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("XC123.mp3")) == Data("mine".utf8), "the user's file is kept")
            #expect(try Data(contentsOf: folder.appendingPathComponent("notes.txt")) == Data("notes".utf8))
            #expect(library.files("trip") == ["XC123.mp3", "XC900001.mp3", "XC900087.mp3"], "\(library.files("trip"))")

            let removed = try await library.run(["pack", "rm", "trip"])
            #expect(removed.status == 0 && removed.stdout.contains("notes.txt"), "\(removed.stdout)\(removed.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(left == ["XC123.mp3", "notes.txt"], "only what Chirper made is deleted: \(left)")
        }
    }

    @Test func aLinkedOrUnmarkedFolderIsNeverWrittenThroughOrEmptied() async throws {
        let library = Library()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let theirs = ["XC900001.mp3": "theirs 1", "XC555.mp3": "theirs 2", "pack.json": "{\"their\": true}"]
        for (name, text) in theirs { try Data(text.utf8).write(to: elsewhere.appendingPathComponent(name)) }
        let packs = library.data.appendingPathComponent("chirper/packs")
        try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: library.folder("linked"), withDestinationURL: elsewhere)
        // A folder of the user's own under a pack's name: no mark, no pack.json of Chirper's.
        try FileManager.default.createDirectory(at: library.folder("mine"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: library.folder("mine").appendingPathComponent("XC7.mp3"))

        try await TestCatalog.withServer { server in
            for name in ["linked", "mine"] {
                let built = try await Self.build(name, in: library, server: server, extra: ["--replace"])
                #expect(built.status == 6, "\(name): \(built.stdout)\(built.stderr)")
                #expect(built.stderr.contains("not a folder Chirper made") && built.stderr.contains("left as it is"), "\(built.stderr)")
            }
        }
        for (name, text) in theirs {
            #expect(try String(contentsOf: elsewhere.appendingPathComponent(name), encoding: .utf8) == text, "\(name) is left as it was")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).count == theirs.count, "nothing is added there")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: library.folder("linked").path) == elsewhere.path)
        #expect(library.files("mine") == ["XC7.mp3"])

        let removed = try await library.run(["pack", "rm", "linked"])
        #expect(removed.status == 1, "no such pack in the library, and the link is not Chirper's: \(removed.stdout)\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).count == theirs.count)
    }

    @Test func twoBuildsOfOneNameAtOnceAreOneBuildAndTheOtherIsRefused() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            // The first file comes slowly, so the first build holds its lock while the second starts.
            server.faults.audio("900001", .slow(bytesPerSecond: 8_000))
            let list = try PlaybackTests.Packs.speciesFile("Great Tit\nTurdus merula\n")
            let process = Process()
            process.executableURL = ChirperProcess.binary
            process.arguments = ["pack", "build", "duo", "--species", list, "--per-species", "1", "--max-length", "3"] + server.api
            process.environment = ChirperProcess.environment(extra: library.environment)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let pending = library.building("duo").appendingPathComponent(".pending.json")
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: pending.path), Date() < deadline, process.isRunning {
                try await Task.sleep(for: .milliseconds(10))
            }
            let second = try await Self.build("duo", in: library, server: server)
            #expect(second.status == 6 && second.stderr.contains("another build of the pack duo is running"), "\(second.stdout)\(second.stderr)")
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(library.files("duo") == ["XC900001.mp3", "XC900087.mp3"], "\(library.files("duo"))")
            let listed = try await library.run(["pack", "list"])
            #expect(listed.stdout.contains("duo  2 recordings"), "\(listed.stdout)")
        }
    }

    @Test func anImportUnderAPacksNameNeedsReplace() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            #expect(try await Self.build("trip", in: library, server: server).status == 0)
            let exported = try await library.run(["pack", "export", "trip", "--json"])
            // The same pack.json, cut to one recording.
            var object = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
            object["recordings"] = Array((object["recordings"] as? [Any] ?? []).prefix(1))
            let file = library.data.appendingPathComponent("one.json")
            try JSONSerialization.data(withJSONObject: object).write(to: file)
            let refused = try await library.run(["pack", "import", file.path] + server.api)
            #expect(refused.status == 2 && refused.stderr.contains("there is a pack trip already (2 recordings)"), "\(refused.stderr)")
            #expect(library.files("trip").count == 2, "the pack is left as it was")
            let replaced = try await library.run(["pack", "import", file.path, "--replace"] + server.api)
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(library.files("trip") == ["XC900001.mp3"], "\(library.files("trip"))")
        }
    }

    @Test func aSpeciesFileWithAnOverlongLineIsRefusedAtOnceNamingTheLine() async throws {
        let library = Library()
        let list = try PlaybackTests.Packs.speciesFile("Great Tit\n" + String(repeating: "Parus ", count: 200_000) + "\nRobin\n")
        let started = Date()
        let result = try await library.run(["pack", "build", "long", "--species", list, "--api-url", "http://127.0.0.1:1/api/3", "--key", "k"])
        #expect(result.status == 2 && result.stderr.contains("line 2 is 1200000 bytes long"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "refused without reading the names")
    }

    @Test func aQueueOfAPackWhoseFilesAreGoneNamesEachAndFails() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let built = try await Self.build("trip", in: library, server: server)
            #expect(built.status == 0, "\(built.stderr)")
        }
        for file in library.files("trip") { try FileManager.default.removeItem(at: library.folder("trip").appendingPathComponent(file)) }
        let played = try await library.run(["queue", "--pack", "trip"])
        #expect(played.status == 5, "\(played.stdout)\(played.stderr)")
        #expect(played.stdout.contains("Played 0 tracks, 2 failed"), "\(played.stdout)")
        #expect(played.stdout.contains("✗ XC900001: its file is missing") && played.stdout.contains("✗ XC900087: its file is missing"), "\(played.stdout)")
    }

    /// A build stopped with one file fetched, then another build of the name: the first build's file is
    /// Chirper's, so it is not carried into the pack as if it were the user's.
    @Test func whatAStoppedBuildFetchedIsNotTakenForTheUsersFiles() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            server.faults.audio("900087", .notFound)
            let stopped = try await Self.build("trip", in: library, server: server)
            #expect(stopped.status == 4, "\(stopped.stderr)")
            #expect(library.files("trip", building: true) == ["XC900001.mp3"])
            server.faults.audio("900087", nil)
            let list = try PlaybackTests.Packs.speciesFile("Turdus merula\n")
            let built = try await library.run(["pack", "build", "trip", "--species", list, "--per-species", "1", "--max-length", "3"] + server.api)
            #expect(built.status == 0 && !built.stderr.contains("did not make"), "\(built.stderr)")
            #expect(library.files("trip") == ["XC900087.mp3"], "\(library.files("trip"))")
            let removed = try await library.run(["pack", "rm", "trip"])
            #expect(removed.status == 0 && removed.stdout.contains("Removed the pack trip and its files."), "\(removed.stdout)")
            let packs = try FileManager.default.contentsOfDirectory(atPath: library.data.appendingPathComponent("chirper/packs").path)
            #expect(packs.allSatisfy { $0.hasSuffix(".lock") }, "nothing is left but the lock: \(packs)")
        }
    }

    /// A build stopped between moving the old folder aside and putting the new one in place: the next
    /// build of the name puts things right first, the user's file included.
    @Test func aSwapLeftHalfDoneIsFinishedByTheNextBuild() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let first = try await Self.build("trip", in: library, server: server)
            #expect(first.status == 0, "\(first.stderr)")
            try Data("mine".utf8).write(to: library.folder("trip").appendingPathComponent("notes.txt"))
            let aside = library.data.appendingPathComponent("chirper/packs/.trip.old")
            try FileManager.default.moveItem(at: library.folder("trip"), to: aside)
            let rebuilt = try await Self.build("trip", in: library, server: server, extra: ["--replace"])
            #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
            #expect(!FileManager.default.fileExists(atPath: aside.path))
            #expect(try Data(contentsOf: library.folder("trip").appendingPathComponent("notes.txt")) == Data("mine".utf8))
            #expect(library.files("trip") == ["XC900001.mp3", "XC900087.mp3"], "\(library.files("trip"))")
        }
    }

    @Test func aPackWhoseLibraryWasLostIsStillReplacedOnlyWithReplace() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let first = try await Self.build("trip", in: library, server: server)
            #expect(first.status == 0, "\(first.stderr)")
            let folder = library.data.appendingPathComponent("chirper")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("library.sqlite") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            let refused = try await Self.build("trip", in: library, server: server)
            #expect(refused.status == 2 && refused.stderr.contains("there is a pack trip already (2 recordings)"), "\(refused.stderr)")
            #expect(library.files("trip") == ["XC900001.mp3", "XC900087.mp3"])
        }
    }

    @Test func aSpeciesFileIsTextWithOrWithoutAByteOrderMarkAndAnythingElseIsRefused() async throws {
        let library = Library()
        try await TestCatalog.withServer { server in
            let marked = FileManager.default.temporaryDirectory.appendingPathComponent("species-\(UUID().uuidString).txt")
            try Data([0xEF, 0xBB, 0xBF] + Array("Great Tit\r\nTurdus merula\r\n".utf8)).write(to: marked)
            let built = try await library.run(["pack", "build", "bom", "--species", marked.path, "--per-species", "1", "--max-length", "3"] + server.api)
            #expect(built.status == 0 && built.stdout.contains("2 recordings of 2 species"), "\(built.stdout)\(built.stderr)")
            let binary = FileManager.default.temporaryDirectory.appendingPathComponent("species-\(UUID().uuidString).mp3")
            try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: binary)
            let refused = try await library.run(["pack", "build", "junk", "--species", binary.path] + server.api)
            #expect(refused.status == 2 && refused.stderr.contains("is not a text file"), "\(refused.stderr)")
            #expect(server.faults.apiRequests.count == 2, "nothing of the junk is asked: \(server.faults.apiRequests.map(\.parameters))")
        }
    }
}
