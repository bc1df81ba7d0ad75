import Audio
import AudioDecoding
import Foundation
import PlaybackModel
import Testing

/// Valid audio the decoder must play to its end: an MP3 after a large ID3v2 tag, an MP3 whose sample
/// rate changes part-way, a WAV written as a stream (its data size unknown). In memory, as the bytes
/// arrive from the network, with MP3s made by `lame` (which `make deps` installs).
@Suite("Decoding valid audio whole")
struct DecoderInputTests {
    /// What a whole decode produced: the formats in order and the frames in each.
    struct Decoded {
        var formats: [AudioFormat] = []
        var frames: [Int] = []
    }

    /// Feeds `bytes` in 16 KiB pieces, decoding after each, then finishes.
    static func decode(_ bytes: [UInt8]) throws -> Decoded {
        var decoder = try AudioDecoder()
        decoder.setStreamSize(bytes.count)
        var decoded = Decoded()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        func drain(_ decoder: inout AudioDecoder) throws {
            while true {
                switch try decoder.decode(into: buffer) {
                case .newFormat(let format):
                    decoded.formats.append(format)
                    decoded.frames.append(0)
                case .pcm(let count):
                    decoded.frames[decoded.frames.count - 1] += count / decoded.formats.last!.bytesPerFrame
                case .needMore:
                    return
                }
            }
        }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 16 * 1024)
            try bytes[start..<end].withUnsafeBytes { try decoder.feed($0) }
            try drain(&decoder)
            start = end
        }
        try drain(&decoder)
        try decoder.finish()
        return decoded
    }

    @Test func anMP3AfterATagOfThreeMebibytesDecodesWhole() async throws {
        let mp3 = try await Lame.tone(seconds: 2, sampleRate: 44_100)
        let decoded = try Self.decode(LeadingTagsTests.tag(size: 3 << 20) + mp3)
        #expect(decoded.formats == [AudioFormat(sampleRate: 44_100, channels: 1)])
        #expect(abs(decoded.frames[0] - 2 * 44_100) < 2 * 1152 + 576, "\(decoded.frames) frames")
    }

    /// Two MP3s end to end, at 44.1 and 22.05 kHz, either way round: two formats, each part whole, and
    /// no "ended early".
    @Test(arguments: [(44_100, 22_050), (22_050, 44_100), (48_000, 8_000)], [true, false])
    func anMP3WhoseRateChangesPartWayIsTwoFormatsEachWhole(rates: (Int, Int), infoTag: Bool) async throws {
        let first = try await Lame.tone(seconds: 2, sampleRate: rates.0, kilobitsPerSecond: rates.0 > rates.1 ? 128 : 32, infoTag: infoTag)
        let second = try await Lame.tone(seconds: 2, sampleRate: rates.1, kilobitsPerSecond: rates.0 > rates.1 ? 32 : 128, infoTag: infoTag)
        let decoded = try Self.decode(first + second)
        #expect(decoded.formats == [AudioFormat(sampleRate: rates.0, channels: 1), AudioFormat(sampleRate: rates.1, channels: 1)])
        // None of the first part lost at the join; the second keeps its encoder padding (its LAME
        // header, mid-stream, is not read).
        let seconds = zip(decoded.frames, decoded.formats).map { Double($0) / Double($1.sampleRate) }
        #expect(seconds.count == 2 && seconds.allSatisfy { $0 > 1.9 && $0 < 2.3 }, "\(seconds) s")
    }

    /// RIFF and data sizes of 0 or 0xFFFFFFFF: the PCM goes on to the end of the input.
    @Test(arguments: [UInt32(0), 0xFFFF_FFFF])
    func aStreamingWAVDecodesToTheEndOfTheInput(declaredSize: UInt32) throws {
        let frames = 22_050
        var wav = Array("RIFF".utf8) + Self.little(declaredSize) + Array("WAVEfmt ".utf8) + Self.little(UInt32(16))
        wav += [1, 0, 1, 0] + Self.little(UInt32(22_050)) + Self.little(UInt32(44_100)) + [2, 0, 16, 0]
        wav += Array("data".utf8) + Self.little(declaredSize) + [UInt8](repeating: 0x11, count: frames * 2)
        let decoded = try Self.decode(wav)
        #expect(decoded.formats == [AudioFormat(sampleRate: 22_050, channels: 1)])
        #expect(decoded.frames == [frames])
    }

    static func little(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
}

/// MP3s encoded by `lame` in a folder of the test's own.
enum Lame {
    /// `infoTag`: lame's Info frame first (the frame count), as lame writes by default.
    static func tone(hertz: Double = 1_000, seconds: Double, sampleRate: Int, kilobitsPerSecond: Int = 64, infoTag: Bool = true) async throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-lame-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = Int(seconds * Double(sampleRate))
        var pcm = Data(capacity: frames * 2)
        for frame in 0..<frames {
            let sample = Int16(sin(2 * .pi * hertz * Double(frame) / Double(sampleRate)) * 12_000)
            withUnsafeBytes(of: sample.littleEndian) { pcm.append(contentsOf: $0) }
        }
        let raw = folder.appendingPathComponent("tone.raw"), mp3 = folder.appendingPathComponent("tone.mp3")
        try pcm.write(to: raw)
        let lame = Process()
        lame.executableURL = URL(fileURLWithPath: "/usr/bin/lame")
        lame.arguments = ["--quiet", "-r", "-s", String(Double(sampleRate) / 1000), "--bitwidth", "16", "--signed",
                          "--little-endian", "-m", "m", "-b", String(kilobitsPerSecond)] + (infoTag ? [] : ["-t"]) + [raw.path, mp3.path]
        try lame.run()
        // Polled, not waited for: a test blocking a thread of the shared pool stalls every other test.
        while lame.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        guard lame.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return Array(try Data(contentsOf: mp3))
    }
}
