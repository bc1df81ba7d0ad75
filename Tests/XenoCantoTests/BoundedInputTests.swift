import Foundation
import Testing
import XenoCanto

/// Files Chirper reads whole are read only when they are regular files within their kind's size, and
/// their lines within a length; a number is the number asked only when its digits are.
@Suite("bounded input")
struct BoundedInputTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileIsReadOnlyWhenItIsARegularFileWithinItsLimit() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small"), big = folder.appendingPathComponent("big")
        try Data("Great Tit\n".utf8).write(to: small)
        try Data(count: 70_000).write(to: big)
        #expect(try BoundedFile.read(small.path, limit: 100) == Array("Great Tit\n".utf8))
        #expect(throws: BoundedFile.Problem.tooLarge(path: big.path, size: 70_000, limit: BoundedFile.configLimit)) {
            try BoundedFile.read(big.path, limit: BoundedFile.configLimit)
        }
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: BoundedFile.Problem.notAFile(path: fifo.path, kind: "a FIFO, a device or a socket")) { try BoundedFile.read(fifo.path, limit: 100) }
        #expect(throws: BoundedFile.Problem.notAFile(path: folder.path, kind: "a folder")) { try BoundedFile.read(folder.path, limit: 100) }
        #expect(throws: BoundedFile.Problem.unreadable(path: folder.appendingPathComponent("none").path)) {
            try BoundedFile.read(folder.appendingPathComponent("none").path, limit: 100)
        }
    }

    @Test func aConfigFileTooBigOrWithATooLongLineIsNamedAndTheRestUsed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("chirper/config")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(("volume = 40\n" + String(repeating: "x", count: 100_000) + "\n").utf8).write(to: config)
        let big = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(big.values.isEmpty && big.warnings.count == 1 && big.warnings[0].contains("more than the 65536 a config file may be"), "\(big.warnings)")
        try Data(("volume = 40\nspeed = " + String(repeating: "1", count: 5000) + "\n").utf8).write(to: config)
        let long = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(long.volume == 40 && long.warnings.count == 1 && long.warnings[0].contains("line 2 is 5008 bytes long"), "\(long.warnings)")
    }

    @Test func aConfigFileEndsItsLinesWithLFCRLFOrCRAndSaysJunkInAFewLines() {
        for ending in ["\n", "\r\n", "\r"] {
            let config = ConfigFile(bytes: Array(["volume = 40", "speed = 1.5", "per-page = x"].joined(separator: ending).utf8), path: "config")
            #expect(config.volume == 40 && config.speed == 1.5, "\(ending.debugDescription): \(config.values)")
            #expect(config.warnings.count == 1 && config.warnings[0].contains("line 3"), "\(config.warnings)")
        }
        let junk = ConfigFile(bytes: (0..<60_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, path: "config")
        #expect(junk.warnings.count <= 6 && junk.warnings.last?.contains("more lines are not used") == true, "\(junk.warnings)")
    }

    @Test func aNumberIsTheSameOnlyByItsDigits() {
        #expect(RecordingNumber.same("900002", "XC900002") && RecordingNumber.same("0900002", "900002"))
        #expect(!RecordingNumber.same("900001", "900002") && !RecordingNumber.same("", "") && !RecordingNumber.same("9a", "9a"))
    }
}
