import Foundation

/// A 16-bit PCM WAV of a sine tone, written to a temporary file: sound the engine decodes without an
/// encoder or a server.
enum ToneFile {
    static func make(hertz: Double = 1_000, seconds: Double, sampleRate: Int = 44_100) throws -> String {
        let frames = Int(seconds * Double(sampleRate))
        var data = Data()
        func le32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); le32(36 + frames * 2); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); le32(16); le16(1); le16(1); le32(sampleRate); le32(sampleRate * 2); le16(2); le16(16)
        data.append(contentsOf: Array("data".utf8)); le32(frames * 2)
        for frame in 0..<frames {
            let sample = Int16(sin(2 * .pi * hertz * Double(frame) / Double(sampleRate)) * 12_000)
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-tone-\(UUID().uuidString).wav").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
