import Audio
import DemoCatalog
import Foundation
import PlaybackModel
import Sonogram
import Testing

/// Where a question starts, measured on field-shaped recordings (wind throughout, a spoken
/// announcement, then song), encoded as MP3 and decoded as the quiz decodes them.
@Suite("the quiz starts where the bird sings")
struct SongStartTests {
    /// The start found for a recording of `seconds`, `lead` of them before the song.
    static func start(hertz: Double, lead: Double, seconds: Double, sampleRate: Int = 44_100) async throws -> Double {
        let spec = AudioSpec(shape: .announcedSong(hertz: hertz, lead: lead), sampleRate: sampleRate, channels: 1, seconds: seconds)
        let file = try await TestCatalog.audio.file(for: spec)
        let clock = ContinuousClock.now
        defer { print("song start of \(file.lastPathComponent): measured in \(ContinuousClock.now - clock)") }
        let spectrogram = try await SonogramMaker.spectrogram(of: .file(file.path), within: 60)
        return SongStart.seconds(in: spectrogram)
    }

    /// Each pitch (an owl's to a wren's) and lead (none to twenty seconds, the voice longer than the song
    /// in the last): where the start lands.
    @Test func theStartLandsInTheSongAcrossPitchesAndLeads() async throws {
        var landed: [String] = []
        var missed: [String] = []
        for hertz in [500.0, 1_200, 3_000, 7_000] {
            for (lead, song) in [(0.0, 20.0), (11, 19), (20, 4)] {
                let start = try await Self.start(hertz: hertz, lead: lead, seconds: lead + song)
                let line = "\(Int(hertz)) Hz, song at \(Int(lead)) s for \(Int(song)) s: started at \(String(format: "%.2f", start)) s"
                if start >= lead - 0.6, start <= lead + 0.2 { landed.append(line) } else { missed.append(line) }
            }
        }
        print("song start: \(landed.count) of \(landed.count + missed.count) land in the song\n" + (landed + missed).joined(separator: "\n"))
        #expect(missed.isEmpty, "\(missed)")
    }
}
