import PlaybackModel
import Testing

/// `SongStart` on spectrograms made by hand: 0.1 s columns, 100 Hz bins up to 12 kHz.
@Suite("where a question starts, on hand-made spectrograms")
struct SongStartModelTests {
    static let bins = 121
    static let quiet: Float = 1e-8

    /// `seconds` of columns, each the quiet floor plus what `sound` says is loud at that column and bin.
    static func spectrogram(seconds: Double, _ sound: (_ column: Int, _ bin: Int) -> Bool) -> Spectrogram {
        let columns = (0..<Int(seconds * 10)).map { column in
            (0..<bins).map { bin in sound(column, bin) ? Float(1e-3) : quiet * Float(1 + (column * 7 + bin) % 3) }
        }
        return Spectrogram(sampleRate: 24_000, binCount: bins, columnSeconds: 0.1, columns: columns)
    }

    /// Notes at 3–3.5 kHz, 0.2 s of each 0.5 s.
    static func note(_ column: Int, _ bin: Int) -> Bool { (30...35).contains(bin) && column % 5 < 2 }

    @Test func aVoiceThenSongStartsAtTheSong() {
        // A voice at 120 Hz's harmonics (every bin up to 3.6 kHz) for 1–9 s, the song from 11 s.
        let picture = Self.spectrogram(seconds: 30) { column, bin in
            (10..<90).contains(column) && bin <= 36 && column % 3 != 2 || column >= 110 && Self.note(column, bin)
        }
        #expect(abs(SongStart.seconds(in: picture) - 10.7) < 0.05)
    }

    @Test func aSongFromTheFirstSecondAFlatToneAndSilenceStartAtZero() {
        #expect(SongStart.seconds(in: Self.spectrogram(seconds: 20, Self.note)) == 0)
        #expect(SongStart.seconds(in: Self.spectrogram(seconds: 20) { _, bin in bin == 40 }) == 0, "nothing stands above a steady tone's level")
        #expect(SongStart.seconds(in: Self.spectrogram(seconds: 20) { _, _ in false }) == 0)
        #expect(SongStart.seconds(in: Spectrogram(sampleRate: 24_000, binCount: 0, columnSeconds: 0.1, columns: [])) == 0)
    }
}
