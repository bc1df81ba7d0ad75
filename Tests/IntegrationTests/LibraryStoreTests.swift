import Foundation
@testable import Library
import LibraryModel
import Testing
import XenoCanto

/// The library against a real SQLite file in a temporary folder: its tables made from nothing, writers
/// at once, a damaged file, a transaction never seen by halves.
@Suite struct LibraryStoreTests {
    static func paths() -> LibraryPaths {
        LibraryPaths(folder: FileManager.default.temporaryDirectory.appendingPathComponent("chirper-library-\(UUID().uuidString)"))
    }

    static func recording(_ id: Int, name: String = "Great Tit") -> Recording {
        Recording(id: String(id), genus: "Parus", species: "major", englishName: name, fileURL: "https://example.org/\(id).mp3",
                  quality: "A", length: "0:05")
    }

    @Test func aNewLibraryIsMadeFromNothingAndKeepsAPackAcrossOpenings() throws {
        let paths = Self.paths()
        let name = try #require(PackName("trip"))
        let built = Date(timeIntervalSince1970: 1_800_000_000)
        do {
            let library = try SQLiteLibrary(paths: paths)
            try library.save(StoredPack(name: name, source: "--query gen:parus", built: built,
                                        members: [PackedRecording(recording: Self.recording(1), file: "XC1.mp3", fetched: built)]))
        }
        let reopened = try SQLiteLibrary(paths: paths)
        let pack = try #require(try reopened.pack(named: name))
        #expect(pack.members.map(\.recording.id) == ["1"] && pack.members.first?.file == "XC1.mp3" && pack.source == "--query gen:parus")
        #expect(try reopened.packs().map(\.recordings) == [1])
        let migrations = try reopened.reading { db throws(SQLiteFailure) in
            try db.rows("SELECT identifier FROM grdb_migrations") { row throws(SQLiteRowProblem) in try row.text("identifier") }
        }
        #expect(migrations == ["v1: recordings, packs, lists, history", "v2: quiz cards and answers", "v3: marks"])
        #expect(try reopened.reading { db throws(SQLiteFailure) in
            try db.rows("PRAGMA journal_mode") { row throws(SQLiteRowProblem) in try row.text("journal_mode") }
        } == ["wal"])
    }

    @Test func twoWritersAtOnceBothLand() async throws {
        let paths = Self.paths()
        let first = try SQLiteLibrary(paths: paths), second = try SQLiteLibrary(paths: paths)
        let list = try #require(PackName("starred"))
        async let a: Void = Task.detached { for id in 1...40 { _ = try first.add(Self.recording(id), toList: list) } }.value
        async let b: Void = Task.detached { for id in 41...80 { _ = try second.add(Self.recording(id), toList: list) } }.value
        _ = try await (a, b)
        #expect(try first.members(ofList: list).count == 80)
    }

    @Test func anotherProcessReadsWhileAWriteIsOpenAndWritesOnceItEnds() async throws {
        let paths = Self.paths()
        let library = try SQLiteLibrary(paths: paths)
        try library.save(StoredPack(name: try #require(PackName("old")), source: "test", built: Date(), members: []))
        let environment = ["XDG_DATA_HOME": paths.folder.deletingLastPathComponent().path]
        // chirper looks for $XDG_DATA_HOME/chirper: the library's folder must be named so.
        let folder = paths.folder.deletingLastPathComponent().appendingPathComponent("chirper")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.moveItem(at: paths.folder, to: folder)
        let moved = try SQLiteLibrary(paths: LibraryPaths(folder: folder))
        let holding = await moved.holdWrites(for: 1.5)
        let read = try await ChirperProcess.run(["pack", "list"], environment: environment)
        #expect(read.status == 0 && read.stdout.contains("old"), "a reader is not held up by a writer: \(read.stderr)")
        let removed = try await ChirperProcess.run(["pack", "rm", "old"], environment: environment)
        #expect(removed.status == 0, "a writer waits for the other's transaction, then writes: \(removed.stderr)")
        try await holding.value
        #expect(try moved.packs().isEmpty && moved.lists().map(\.name.text) == ["held"])
        _ = library
    }

    @Test func aDamagedFileIsAClearErrorAndIsLeftAsItWas() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-data-\(UUID().uuidString)")
        let folder = data.appendingPathComponent("chirper")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("library.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) })
        try garbage.write(to: file)
        #expect(throws: LibraryError.corrupt(path: file.path)) { try SQLiteLibrary(paths: LibraryPaths(folder: folder)) }
        let listed = try await ChirperProcess.run(["pack", "list"], environment: ["XDG_DATA_HOME": data.path])
        #expect(listed.status == 6, "\(listed.stdout) \(listed.stderr)")
        #expect(listed.stderr == "chirper: the library \(file.path) is damaged or not a Chirper library: move it aside and run again to start a new one\n")
        #expect(try Data(contentsOf: file) == garbage, "the file is left as it was")
    }

    @Test func aPackIsSavedWholeOrNotAtAll() throws {
        let paths = Self.paths()
        let library = try SQLiteLibrary(paths: paths)
        let name = try #require(PackName("trip"))
        try library.save(StoredPack(name: name, source: "first", built: Date(), members: [PackedRecording(recording: Self.recording(1), file: "XC1.mp3", fetched: Date())]))
        // A member whose recording cannot be stored (a NULL id breaks NOT NULL) fails the whole save.
        try library.writing { db throws(SQLiteFailure) in
            try db.execute("CREATE TRIGGER refuse BEFORE INSERT ON packMember WHEN NEW.recording = '3' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let members = [2, 3].map { PackedRecording(recording: Self.recording($0), file: "XC\($0).mp3", fetched: Date()) }
        #expect(throws: LibraryError.self) { try library.save(StoredPack(name: name, source: "second", built: Date(), members: members)) }
        let kept = try #require(try library.pack(named: name))
        #expect(kept.source == "first" && kept.members.map(\.recording.id) == ["1"], "the earlier pack is whole: \(kept)")
    }

    @Test(arguments: ["", ".hidden", "a/b", "../up", String(repeating: "x", count: 65), "tab\there"])
    func aNameThatCannotBeAFolderIsRefused(name: String) {
        #expect(PackName(name) == nil)
    }

    @Test func historyRemembersSearchesOnceNewestFirstAndPlays() throws {
        let library = try SQLiteLibrary(paths: Self.paths())
        for query in ["gen:parus", "cnt:france", "gen:parus"] { try library.remember(search: query) }
        #expect(try library.searches(limit: 10) == ["gen:parus", "cnt:france"])
        try library.remember(play: Self.recording(7))
        #expect(try library.plays(limit: 5).map(\.recording.id) == ["7"])
        try library.clearHistory()
        #expect(try library.searches(limit: 10).isEmpty && library.plays(limit: 5).isEmpty)
    }
}
