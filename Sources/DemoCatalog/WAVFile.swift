import Foundation

/// A recording as a RIFF/WAVE file: the synthesised PCM behind a 44-byte header. `bits` other than 16
/// only changes the header (a file Chirper must refuse by name, not play as noise). `declaredSize`, when
/// given, replaces the RIFF and data chunk sizes (0 or 0xFFFFFFFF: a stream's, whose length is unknown).
enum WAVFile {
    static func data(_ spec: AudioSpec, bits: Int = 16, declaredSize: UInt32? = nil) -> Data {
        let synth = AudioSynth(spec: spec)
        let pcm = synth.block(frames: 0..<synth.frameCount)
        var data = Data()
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        let blockAlign = spec.channels * bits / 8
        append("RIFF")
        append32(declaredSize.map(Int.init) ?? 36 + pcm.count)
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
        append32(declaredSize.map(Int.init) ?? pcm.count)
        data.append(pcm)
        return data
    }
}
