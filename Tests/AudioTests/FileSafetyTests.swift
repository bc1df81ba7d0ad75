import Foundation
import Glibc
import Testing
@testable import Audio

/// The cache owns only what it made; names from outside never climb out of their folder; nothing is
/// written over a device, a FIFO, a link or a folder. Every case in a temporary folder of its own.
@Suite("Files: what may be written and removed")
struct FileSafetyTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: Int, to url: URL) throws {
        try Data(repeating: 7, count: bytes).write(to: url)
    }

    @Test func theCacheEvictsAndClearsOnlyItsOwnFilesAndReportsTheRest() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Self.write(10, to: directory.appendingPathComponent(".git/HEAD"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Self.write(5000, to: directory.appendingPathComponent("photos/bird.jpg"))
        try Self.write(5000, to: directory.appendingPathComponent("notes.txt"))
        let own = ["XC900001-3f2a9c.mp3", "XC900002-77ab.mp3", "c0ffee.wav"]
        for name in own { try Self.write(3000, to: directory.appendingPathComponent(name)) }

        let cache = AudioCache(directory: directory, limit: 3500)
        #expect(Set(cache.entries().map(\.name)) == Set(own), "only the cache's names are entries")
        cache.evict()
        #expect(cache.entries().count == 1, "the least recently played go, down to the limit")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("photos/bird.jpg").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.txt").path))

        let cleared = try cache.clear()
        #expect(cleared.removed == 1)
        #expect(cleared.foreign == [".git", "notes.txt", "photos"])
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git/HEAD").path))
        #expect(cache.writer(for: "http://x/900003/download", size: 10) != nil)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("CACHEDIR.TAG").path),
                "a folder with a person's files is not tagged for backups to skip")
    }

    @Test func aFolderOfItsOwnIsTaggedAsACache() throws {
        let directory = try Self.folder().appendingPathComponent("recordings")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let cache = AudioCache(directory: directory)
        let writer = try #require(cache.writer(for: "http://x/900003/download", size: 3))
        writer.append([1, 2, 3])
        #expect(writer.commit(replace: true) == .placed)
        let tag = try String(contentsOf: directory.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
        #expect(cache.entries().count == 1)
    }

    @Test func namesFromOutsideStayInTheirFolder() throws {
        let folder = URL(fileURLWithPath: "/tmp/chirper-names/downloads")
        for hostile in ["/../../../../x", "../x", "..", ".", "a/b", "\u{1B}[2J", "x\u{0}y", "\u{202E}3pm.exe"] {
            if let url = FileNames.file(named: hostile, in: folder) {
                #expect(url.deletingLastPathComponent().path == folder.path, "\(hostile.debugDescription) -> \(url.path)")
                #expect(!url.lastPathComponent.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
            }
        }
        #expect(FileNames.file(named: "XC900001-Great-Tit.mp3", in: folder)?.lastPathComponent == "XC900001-Great-Tit.mp3")
    }

    @Test func nothingIsWrittenOverADeviceAFIFOALinkOrAFolder() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let target = directory.appendingPathComponent("target.txt")
        try Self.write(4, to: target)
        let link = directory.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        for path in [fifo, link, directory.path] {
            #expect(FileNames.refusal(toWrite: path) != nil, "\(path)")
            let writer = try #require(WholeFileWriter(final: URL(fileURLWithPath: path),
                                                      temporary: directory.appendingPathComponent(".part-\(getpid())-0"), expected: 2))
            writer.append([1, 2])
            #expect(writer.commit(replace: true) != .placed, "\(path)")
        }
        #expect(FileNames.refusal(toWrite: target.path) == nil)
        #expect(FileNames.refusal(toWrite: directory.appendingPathComponent("new.png").path) == nil)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still one")
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link is still one")
        #expect(try Data(contentsOf: target).count == 4)
    }

    @Test func aContentLengthPastAnyFileIsNotBelieved() {
        #expect(AudioSource.believableLength("12345") == 12345)
        #expect(AudioSource.believableLength("9223372036854775807") == nil)
        #expect(AudioSource.believableLength("-1") == nil)
        #expect(AudioSource.believableLength("1e9") == nil)
        #expect(AudioSource.believableLength(nil) == nil)
    }

    /// A link planted where a temporary file will be made is not followed: nothing outside is written.
    @Test func aTemporaryFileIsNeverOpenedThroughALink() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let victim = directory.appendingPathComponent("victim.txt")
        try Self.write(4, to: victim)
        let planted = directory.appendingPathComponent(".part-1-0")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        #expect(WholeFileWriter(final: directory.appendingPathComponent("x.mp3"), temporary: planted, expected: nil) == nil)
        #expect(try Data(contentsOf: victim).count == 4, "the link's target is untouched")
    }

    /// Only ASCII digits make a cache name's number: every name the cache gives is one it owns.
    @Test func everyNameTheCacheGivesIsOneItOwns() {
        for url in ["http://x/900001/download", "http://x/\u{661}\u{662}\u{663}/download", "http://x/a.wav", "http://x/", "http://x/12/\u{1B}"] {
            #expect(AudioCache.isRecordingName(AudioCache.fileName(url)), "\(url) -> \(AudioCache.fileName(url))")
        }
    }
}
