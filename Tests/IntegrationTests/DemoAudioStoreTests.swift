import DemoCatalog
import Foundation
import Testing

/// The demo catalog's MP3 folder when several encoders meet in it: the tests' servers, and a
/// `chirper demo` beside them, each with a store of its own.
@Suite("demo audio folder shared by several stores")
struct DemoAudioStoreTests {
    @Test func twoStoresEncodingOneFileAtOnceBothGetItWhole() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-audio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = AudioSpec(shape: .tone(hertz: 880), sampleRate: 22_050, channels: 1, seconds: 2)
        let first = DemoAudioStore(directory: folder), second = DemoAudioStore(directory: folder)
        async let a = first.file(for: spec)
        async let b = second.file(for: spec)
        let (fromFirst, fromSecond) = try await (a, b)
        #expect(fromFirst == fromSecond)
        let bytes = try Data(contentsOf: fromFirst)
        #expect(bytes.count > 4_000, "an MP3 of 2 s: \(bytes.count) bytes")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == [fromFirst.lastPathComponent], "no temporary file left: \(left)")
    }

    @Test func prepareEncodesEachMissingSpecOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-audio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = [440, 550, 660].map { AudioSpec(shape: .tone(hertz: Double($0)), sampleRate: 22_050, channels: 1, seconds: 1) }
        let store = DemoAudioStore(directory: folder)
        try await store.prepare(specs + specs)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 3 && names.allSatisfy { $0.hasSuffix(".mp3") && !$0.hasPrefix(".") }, "\(names)")
        for spec in specs {
            #expect(names.contains(try await store.file(for: spec).lastPathComponent), "already there, not encoded again")
        }
    }
}
