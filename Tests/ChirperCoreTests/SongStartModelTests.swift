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

    /// A cricket at 8–8.5 kHz, 0.3 s of each 0.5 s.
    static func cricket(_ column: Int, _ bin: Int) -> Bool { (80...85).contains(bin) && column % 5 < 3 }

    @Test func aBusierCricketIsOutvotedByTheSpeciesOtherRecordings() throws {
        // The cricket throughout, the song from 11 s: alone, the cricket's band is the busiest.
        let crickets = try #require(SongStart.bands(in: Self.spectrogram(seconds: 30) { column, bin in
            Self.cricket(column, bin) || column >= 110 && Self.note(column, bin)
        }))
        let songs = try [20.0, 12].map { seconds in try #require(SongStart.bands(in: Self.spectrogram(seconds: seconds, Self.note))) }
        #expect(SongStart.seconds(in: crickets, pooledWith: []) == 0, "alone, the cricket from the first second")
        #expect(abs(SongStart.seconds(in: crickets, pooledWith: songs) - 10.7) < 0.05, "with the species' others, the song")
        #expect(SongStart.seconds(in: songs[0], pooledWith: [crickets, songs[1]]) == 0, "the others keep their own start")
    }

    @Test func aRecordingWhereTheSpeciesBandNeverSoundsKeepsItsOwn() throws {
        // Quiet for 5 s, then only the cricket: the species' band is never heard here.
        let other = try #require(SongStart.bands(in: Self.spectrogram(seconds: 20) { column, bin in column >= 50 && Self.cricket(column, bin) }))
        let songs = try [20.0, 12].map { seconds in try #require(SongStart.bands(in: Self.spectrogram(seconds: seconds, Self.note))) }
        #expect(abs(SongStart.seconds(in: other, pooledWith: songs) - 4.7) < 0.05)
    }
}
