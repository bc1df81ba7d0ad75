import PlaybackModel
import Testing

/// `SonogramDescription` on spectrograms made by hand: 10 ms columns, 100 Hz bins up to 12 kHz.
@Suite("a sonogram said in words")
struct SonogramDescriptionTests {
    static let bins = 121

    /// Columns quiet but for the bin `pitch(column)` names (nil: silence).
    static func spectrogram(seconds: Double, _ pitch: (Int) -> Int?) -> Spectrogram {
        let columns = (0..<Int(seconds * 100)).map { column in
            (0..<bins).map { bin in bin == pitch(column) ? Float(1e-3) : Float(1e-9) * Float(1 + (column + bin) % 3) }
        }
        return Spectrogram(sampleRate: 24_000, binCount: bins, columnSeconds: 0.01, columns: columns)
    }

    @Test func eachPhraseIsFoundWithItsTimePitchAndShape() {
        let picture = Self.spectrogram(seconds: 5) { column in
            switch column {
            case 0..<50: 30 + column * 15 / 50              // 3.0 → 4.5 kHz: rising
            case 100..<140: 60 - (column - 100) * 15 / 40  // 6.0 → 4.5 kHz: falling
            case 200..<300: 20                              // 2 kHz for a second: steady, the loudest
            case 350..<410: (column / 3) % 2 == 0 ? 50 : 56 // 5.0 and 5.6 kHz turn about: a trill
            default: nil
            }
        }
        let summary = SonogramDescription.describe(picture)
        #expect(summary.phrases.map(\.shape) == [.rising, .falling, .steady, .trilled], "\(summary.phrases)")
        #expect(summary.phrases.map { ($0.start * 100).rounded() / 100 } == [0, 1, 2, 3.5])
        #expect(abs(summary.phrases[2].hertz - 2_000) < 1 && abs(summary.phrases[2].seconds - 1) < 0.02)
        let lines = SonogramDescription.lines(summary)
        #expect(lines.first?.hasPrefix("Sound from 2.0 to ") == true, "\(lines)")
        #expect(Array(lines.dropFirst()) == ["4 phrases; the 3 loudest:", "  at 0:00.0, 0.5 s, 3.7 kHz, rising",
                                             "  at 0:02.0, 1.0 s, 2.0 kHz, steady", "  at 0:03.5, 0.6 s, 5.0 kHz, trilled"], "\(lines)")
    }

    @Test func silenceIsSaidToHoldNothing() {
        let quiet = Self.spectrogram(seconds: 2) { _ in nil }
        #expect(SonogramDescription.lines(SonogramDescription.describe(quiet)) == ["Nothing stands above the recording's background."])
        #expect(SonogramDescription.describe(Spectrogram(sampleRate: 24_000, binCount: 0, columnSeconds: 0.01, columns: [])).phrases.isEmpty)
    }
}
