import Foundation

/// The sounds around a bird in a field recording, as functions of time (so any block of a file can be
/// made on its own): wind, a voice, and the song itself. Levels are shares of the synth's amplitude.
enum FieldSounds {
    /// Gusting low rumble (a few hundred hertz and below) over a faint broadband hiss.
    static func wind(_ t: Double, frame: Int) -> Double {
        let gust = 0.6 + 0.4 * sin(2 * .pi * 0.13 * t) * sin(2 * .pi * 0.31 * t + 1)
        var rumble = 0.0
        for k in 1...16 {
            let hertz = 23.0 * Double(k) + 7 * sin(Double(k) * 1.7)
            rumble += sin(2 * .pi * hertz * t + Double(k * k) * 0.9) / Double(k)
        }
        return 0.05 * gust * rumble / 3 + 0.004 * hiss(frame)
    }

    /// A voice from 1 s to `until`: syllables of a man's voice (gliding 100–140 Hz, its harmonics shaped by two
    /// formants that change each syllable), in words of four, silent otherwise.
    static func speech(_ t: Double, until end: Double) -> Double {
        guard t >= 1, t < end else { return 0 }
        let syllableLength = 0.25
        let index = Int((t - 1) / syllableLength)
        let within = (t - 1) - Double(index) * syllableLength
        guard index % 5 != 4, within < 0.18 else { return 0 }  // a gap after each syllable, a pause after each word
        let envelope = sin(.pi * within / 0.18)
        let f1 = 350 + 400 * unit(index * 3 + 1)
        let f2 = 900 + 1300 * unit(index * 7 + 2)
        // The phase of a pitch gliding around 120 Hz, in closed form.
        let phase = 2 * .pi * (120 * t - 20 / .pi * cos(.pi * t))
        var voice = 0.0
        for k in 1...30 {
            let hertz = 120 * Double(k)
            let formants = 1 / (1 + pow((hertz - f1) / 90, 2)) + 0.7 / (1 + pow((hertz - f2) / 120, 2))
            voice += (0.15 + formants) / Double(k).squareRoot() * sin(Double(k) * phase)
        }
        return 0.12 * envelope * voice
    }

    /// Phrases of six notes rising from `hertz` by a quarter, 0.12 s each with 0.1 s between, then 1.5 s rest.
    static func song(_ t: Double, hertz: Double) -> Double {
        let phrase = 6 * 0.22 + 1.5
        let inPhrase = t.truncatingRemainder(dividingBy: phrase)
        let note = Int(inPhrase / 0.22)
        let within = inPhrase - Double(note) * 0.22
        guard note < 6, within < 0.12 else { return 0 }
        let rise = hertz * 0.25 / 0.12
        let phase = 2 * .pi * (hertz * within + 0.5 * rise * within * within)
        return 0.9 * sin(.pi * within / 0.12) * sin(phase)
    }

    /// A cricket: a quarter second of `hertz` (pulsed at 40 Hz, as a wing's teeth make it) each half second.
    static func cricket(_ t: Double, hertz: Double) -> Double {
        let within = t.truncatingRemainder(dividingBy: 0.5)
        guard within < 0.25 else { return 0 }
        let pulses = 0.6 + 0.4 * sin(2 * .pi * 40 * t)
        return 0.3 * sin(.pi * within / 0.25) * pulses * sin(2 * .pi * hertz * t)
    }

    /// −1…1, the same for the same frame on every run.
    private static func hiss(_ frame: Int) -> Double { 2 * unit(frame) - 1 }

    /// 0…1 from an integer, by splitmix64.
    private static func unit(_ n: Int) -> Double {
        var z = UInt64(bitPattern: Int64(n)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
