import Foundation

/// A recording as a RIFF/WAVE file: the synthesised PCM behind a 44-byte header. `bits` other than 16
/// only changes the header (a file Chirper must refuse by name, not play as noise).
enum WAVFile {
    static func data(_ spec: AudioSpec, bits: Int = 16) -> Data {
        let synth = AudioSynth(spec: spec)
        let pcm = synth.block(frames: 0..<synth.frameCount)
        var data = Data()
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        let blockAlign = spec.channels * bits / 8
        append("RIFF")
        append32(36 + pcm.count)
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)
        append16(spec.channels)
        append32(spec.sampleRate)
        append32(spec.sampleRate * blockAlign)
        append16(blockAlign)
        append16(bits)
        append("data")
        append32(pcm.count)
        data.append(pcm)
        return data
    }
}
