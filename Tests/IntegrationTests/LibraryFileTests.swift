import Foundation
import Glibc
@testable import Library
import LibraryModel
import Testing

/// The library's file as others may leave it: made by the release before this one, by a newer
/// Chirper, by another program, made read-only, held by another process, edited by hand. Each through
/// `chirper` itself where a user would meet it.
@Suite struct LibraryFileTests {
    /// A library written by Chirper 0.1.0 (through GRDB, before SQLite moved into the player): two packs,
    /// two lists, searches, plays, two quiz cards and their answers.
    static let released = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/library-0.1.0.sqlite")

    /// A data folder for `XDG_DATA_HOME` whose `chirper/library.sqlite` is a copy of `file` (none: empty).
    static func dataFolder(with file: URL? = released) throws -> (data: URL, library: URL) {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-data-\(UUID().uuidString)")
        let folder = data.appendingPathComponent("chirper")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let library = folder.appendingPathComponent("library.sqlite")
        if let file { try FileManager.default.copyItem(at: file, to: library) }
        return (data, library)
    }

    static func edit(_ library: URL, _ sql: String) throws {
        let connection = try SQLiteConnection(path: library.path)
        try connection.execute(sql)
    }

    @Test func aLibraryOfTheLastReleaseOpensWithEverythingInIt() async throws {
        let (data, file) = try Self.dataFolder()
        let library = try SQLiteLibrary(paths: LibraryPaths(folder: file.deletingLastPathComponent()))
        #expect(try library.packs().map { "\($0.name.text) \($0.recordings)" } == ["Garden birds 2026 1", "trip 3"])
        #expect(try library.pack(named: #require(PackName("trip")))?.members.map(\.file) == ["XC737917.mp3", "XC254462.mp3", "XC800001.mp3"])
        #expect(try library.lists().map { "\($0.name.text) \($0.recordings)" } == ["dawn chorus 1", "starred 2"])
        #expect(try library.list(named: #require(PackName("starred")))?.map(\.id) == ["254462", "800001"])
        #expect(try library.searches(limit: 10) == ["gen:parus", "cnt:france q:A"])
        #expect(try library.plays(limit: 10).map(\.recording.id) == ["800001", "737917"])
        #expect(try library.quizCards().map { "\($0.species) \($0.soundType)" } == ["Cyanistes caeruleus call", "Parus major song"])
        #expect(try library.quizAnswers(limit: 10).map(\.hinted) == [true, false])
        let listed = try await ChirperProcess.run(["pack", "list"], environment: ["XDG_DATA_HOME": data.path])
        #expect(listed.status == 0 && listed.stdout.contains("trip") && listed.stdout.contains("Garden birds 2026"), "\(listed.stdout)\(listed.stderr)")
    }

    @Test func aLibraryFromANewerChirperIsRefusedAndLeftByteForByte() async throws {
        let (data, file) = try Self.dataFolder()
        try Self.edit(file, "INSERT INTO grdb_migrations (identifier) VALUES ('v9: marks and annotations')")
        let before = try Data(contentsOf: file)
        for arguments in [["pack", "list"], ["pack", "rm", "trip"], ["history"]] {
            let run = try await ChirperProcess.run(arguments, environment: ["XDG_DATA_HOME": data.path])
            #expect(run.status == 6, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr == "chirper: the library \(file.path) was written by a newer chirper: update chirper to use it (it is left as it is)\n")
        }
        #expect(try Data(contentsOf: file) == before, "the file is left as it was")
    }

    /// Another program's tables; one made with GRDB keeps a table of migrations of the same name, its own
    /// (here empty, and holding names of its own).
    @Test(arguments: ["", "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);",
                      "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1');"])
    func anotherProgramsDatabaseIsNamedAndLeftAsItWas(migrations: String) async throws {
        let (data, file) = try Self.dataFolder(with: nil)
        try Self.edit(file, migrations + "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')")
        let before = try Data(contentsOf: file)
        let run = try await ChirperProcess.run(["list"], environment: ["XDG_DATA_HOME": data.path])
        #expect(run.status == 6, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(file.path) is another program's SQLite database, not a Chirper library"), "\(run.stderr)")
        #expect(try Data(contentsOf: file) == before, "no table of Chirper's added, nothing changed")
    }

    @Test func aWrongTypedCellIsNamedNeverACrash() async throws {
        let (data, file) = try Self.dataFolder()
        try Self.edit(file, "UPDATE pack SET built = 'abc' WHERE name = 'trip'")
        let run = try await ChirperProcess.run(["pack", "list"], environment: ["XDG_DATA_HOME": data.path])
        #expect(run.status == 6, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.hasPrefix("chirper: the library \(file.path) holds a value chirper cannot read (table pack, row 1, column built: the text \"abc\" where a number belongs)"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line, no stack trace: \(run.stderr)")
    }

    /// As root every file is writable, so the reads and writes run as `nobody` then.
    @Test func aReadOnlyLibraryIsReadAndWritableAgainOnceItsModeIs() async throws {
        let (data, file) = try Self.dataFolder()
        let asUser: [String] = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", ChirperProcess.binary.path] : [ChirperProcess.binary.path]
        if geteuid() == 0 {
            for path in [data.path, file.deletingLastPathComponent().path, file.path] { chown(path, 65534, 65534) }
        }
        func run(_ arguments: [String]) async throws -> ChirperProcess.Result {
            try await ChirperProcess.run(Array(asUser.dropFirst()) + arguments, environment: ["XDG_DATA_HOME": data.path],
                                         executable: URL(fileURLWithPath: asUser[0]))
        }
        chmod(file.path, 0o444)
        let read = try await run(["pack", "list"])
        #expect(read.status == 0 && read.stdout.contains("trip"), "a read-only library is read: \(read.stdout)\(read.stderr)")
        let refused = try await run(["pack", "rm", "trip"])
        #expect(refused.status == 6, "and not written: \(refused.stdout)\(refused.stderr)")
        // Made before marks were kept, and not brought up to date while read-only: it holds none, and keeps none.
        let noMarks = try await run(["marks", "900001"])
        #expect(noMarks.status == 0 && noMarks.stdout.contains("No marks"), "\(noMarks.stdout)\(noMarks.stderr)")
        let table = data.appendingPathComponent("labels.txt")
        try "1\t2\tsong\n".write(to: table, atomically: true, encoding: .utf8)
        chmod(table.path, 0o644)
        if geteuid() == 0 { chown(table.path, 65534, 65534) }
        let unkept = try await run(["marks", "import", table.path, "--on", "900001"])
        #expect(unkept.status == 6 && unkept.stderr.contains("read-only"), "\(unkept.stdout)\(unkept.stderr)")
        chmod(file.path, 0o644)
        let removed = try await run(["pack", "rm", "trip"])
        #expect(removed.status == 0, "writable again, written: \(removed.stdout)\(removed.stderr)")
        for suffix in ["-wal", "-shm"] {
            var status = stat()
            if lstat(file.path + suffix, &status) == 0 { #expect(status.st_mode & S_IWUSR != 0, "\(suffix) is writable by its owner") }
        }
    }

    @Test func aLibraryHeldLongerThanTheWaitIsAClearErrorNotAHang() async throws {
        let (data, file) = try Self.dataFolder()
        let holder = try SQLiteLibrary(paths: LibraryPaths(folder: file.deletingLastPathComponent()))
        // Held well past chirper's 10 s wait, however late a loaded machine starts it.
        let holding = await holder.holdWrites(for: 25)
        let run = try await ChirperProcess.run(["pack", "rm", "trip"], environment: ["XDG_DATA_HOME": data.path], timeout: 40)
        #expect(run.status == 6, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "chirper: the library \(file.path) is busy in another program: try again when it is done\n")
        try await holding.value
        #expect(try holder.packs().map(\.name.text).contains("trip"), "nothing removed while it was refused")
    }

    /// Several rounds, each on a file copied without its -shm: the first to open it recovers the WAL
    /// while the other, which only looks, must wait for it.
    @Test func twoChirpersWritingAtOnceLoseNothing() async throws {
        for _ in 1...4 {
            let (data, _) = try Self.dataFolder()
            let environment = ["XDG_DATA_HOME": data.path]
            async let first = ChirperProcess.run(["pack", "rm", "trip"], environment: environment)
            async let second = ChirperProcess.run(["history", "--clear"], environment: environment)
            let (a, b) = try await (first, second)
            #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
            let library = try SQLiteLibrary(paths: LibraryPaths(folder: data.appendingPathComponent("chirper")))
            #expect(try library.packs().map(\.name.text) == ["Garden birds 2026"] && library.searches(limit: 5).isEmpty)
        }
    }
}

extension SQLiteLibrary {
    /// Holds the library's write lock for `seconds` on a thread of its own (a list named `held` written
    /// meanwhile), and returns once it is held: what runs next meets it held, however slow the machine.
    func holdWrites(for seconds: Double) async -> Task<Void, any Error> {
        let (held, holds) = AsyncStream<Void>.makeStream()
        let task = Task.detached { [self] in
            defer { holds.finish() }
            try writing { db throws(SQLiteFailure) in
                try db.execute("INSERT INTO list (name, made) VALUES ('held', 0)")
                holds.yield()
                Thread.sleep(forTimeInterval: seconds)
            }
        }
        for await _ in held { break }
        return task
    }
}
