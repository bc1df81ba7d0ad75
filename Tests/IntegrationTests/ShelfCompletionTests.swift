import DemoCatalog
import Foundation
import LibraryModel
import Testing

/// Tab after a pack's or a list's place, and after a file's, in a real bash and a real fish.
@Suite("Completion of packs, lists and files in bash and fish")
struct ShelfCompletionTests {
    @Test func packsListsAndFilesAreOfferedWhereACommandTakesThem() async throws {
        let shell = try CompletionTests.Home()
        defer { shell.remove() }
        try shell.library.save(StoredPack(name: try #require(PackName("kenya trip")), source: "test", built: Date(), members: []))
        try shell.library.save(StoredPack(name: try #require(PackName("Garden")), source: "test", built: Date(), members: []))
        _ = try shell.library.add(try #require(DemoRecordings.builtIn.entry(id: "900001")).recording, toList: try #require(PackName("starred")))
        let files = shell.home.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for name in ["trip-species.txt", "shared.json", "XC900001.mp3"] {
            try Data().write(to: files.appendingPathComponent(name))
        }

        let bash = try await shell.bash()
        let cases: [(typed: String, shows: String)] = [
            ("chirper queue --pack ken", "chirper queue --pack kenya\\ trip"),
            ("chirper pack show gar", "chirper pack show Garden"),
            ("chirper pack rm kenya", "chirper pack rm kenya\\ trip"),
            ("chirper quiz --list sta", "chirper quiz --list starred"),
            ("chirper list show st", "chirper list show starred"),
            ("chirper pack build new --list st", "chirper pack build new --list starred"),
            ("chirper pack build new --species \(files.path)/trip", "--species \(files.path)/trip-species.txt"),
            ("chirper pack import \(files.path)/sh", "chirper pack import \(files.path)/shared.json"),
            ("chirper play \(files.path)/XC", "chirper play \(files.path)/XC900001.mp3"),
        ]
        for (typed, shows) in cases {
            try await CompletionTests.expect(bash, typing: typed, completesTo: shows)
            try bash.send("C-a", "C-k")
            _ = try await bash.waitForScreen { !$0.contains(shows) }
        }

        let fish = try await shell.fish(width: 160)
        try await CompletionTests.expect(fish, typing: "chirper browse --pack ken", completesTo: "chirper browse --pack kenya\\ trip")
        try fish.send("C-a", "C-k")
        try await CompletionTests.expect(fish, typing: "chirper list rm sta", completesTo: "chirper list rm starred")
    }
}
