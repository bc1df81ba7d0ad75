import Foundation

/// Makes the 16-bit PCM of an `AudioSpec`, a block at a time so a ten-minute file never sits in memory.
struct AudioSynth {
    let spec: AudioSpec
    static let amplitude = 0.5 * Double(Int16.max)
    /// Fades at the edges of each burst keep clicks (broadband energy) out of the pitch tests.
    static let fade = 0.005

    var frameCount: Int { Int(spec.seconds * Double(spec.sampleRate)) }

    /// Interleaved little-endian samples for frames `start..<end`.
    func block(frames range: Range<Int>) -> Data {
        var data = Data(capacity: range.count * spec.channels * 2)
        let rate = Double(spec.sampleRate)
        var phase = 0.0
        // The sweep's phase is the integral of its frequency; compute it in closed form per frame.
        for frame in range {
            let t = Double(frame) / rate
            var value: Double
            switch spec.shape {
            case .tone(let hz):
                value = sin(2 * .pi * hz * t) * envelope(t, start: 0, length: spec.seconds)
            case .call(let hz, let burst, let pause):
                let period = burst + pause
                let within = t.truncatingRemainder(dividingBy: period)
                value = within < burst ? sin(2 * .pi * hz * t) * envelope(within, start: 0, length: burst) : 0
            case .sweep(let from, let to):
                let k = (to - from) / spec.seconds
                phase = 2 * .pi * (from * t + 0.5 * k * t * t)
                value = sin(phase) * envelope(t, start: 0, length: spec.seconds)
            case .announcedSong(let hz, let lead):
                value = FieldSounds.wind(t, frame: frame) + (t < lead ? FieldSounds.speech(t, until: lead - 2) : FieldSounds.song(t - lead, hertz: hz))
            case .songOverInsects(let hz, let lead, let insect):
                value = FieldSounds.wind(t, frame: frame) + FieldSounds.cricket(t, hertz: insect) + (t < lead ? 0 : FieldSounds.song(t - lead, hertz: hz))
            }
            let sample = Int16(max(-32767, min(32767, value * AudioSynth.amplitude))).littleEndian
            for _ in 0..<spec.channels {
                withUnsafeBytes(of: sample) { data.append(contentsOf: $0) }
            }
        }
        return data
    }

    private func envelope(_ t: Double, start: Double, length: Double) -> Double {
        let fade = min(AudioSynth.fade, length / 4)
        if t < fade { return t / fade }
        if t > length - fade { return max(0, (length - t) / fade) }
        return 1
    }
}
