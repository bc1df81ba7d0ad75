import Audio
@testable import ChirperApp
import DemoCatalog
import Foundation
import PlaybackModel
import Sonogram
import Testing
import XenoCanto

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

    /// A cricket busier than the bird throughout one recording, the song from 11 s: alone, its start is
    /// the cricket's; with two other recordings of the species (the quiz's `QuestionClips`, on the MP3
    /// files), the song's.
    @Test func theSpeciesOtherRecordingsOutvoteACricket() async throws {
        var files: [String: String] = [:]
        let specs = [("1", AudioShapeCase.insects), ("2", .plain(lead: 0, seconds: 20)), ("3", .plain(lead: 5, seconds: 25))]
        for (id, shape) in specs { files[id] = try await TestCatalog.audio.file(for: shape.spec).path }
        let recordings = specs.map { id, _ in
            Recording(id: id, genus: "Parus", species: "major", soundType: "song", fileURL: "https://example.org/\(id).mp3")
        }
        let spectrogram = try await SonogramMaker.spectrogram(of: .file(try #require(files["1"])), within: 60)
        let alone = SongStart.seconds(in: spectrogram)
        let paths = files
        let clips = QuestionClips(clipSeconds: 3, recordings: recordings) { recording in paths[recording.id].map(AudioSource.file) }
        await clips.prepare(recordings[0])
        await clips.settle()
        let clip = await clips.clip(of: recordings[0])
        print("song start over a cricket: alone \(String(format: "%.2f", alone)) s, with the species' others \(String(format: "%.2f", clip.start)) s (song at 11 s)")
        #expect(alone < 1, "alone, the cricket's band")
        #expect(clip.start >= 10.4 && clip.start <= 11.2, "\(clip.start)")
        #expect(clip.end == clip.start + 3)
    }
}

/// The recordings of `theSpeciesOtherRecordingsOutvoteACricket`.
enum AudioShapeCase {
    case insects
    case plain(lead: Double, seconds: Double)

    var spec: AudioSpec {
        switch self {
        case .insects: return AudioSpec(shape: .songOverInsects(hertz: 3_000, lead: 11, insectHertz: 5_000), sampleRate: 44_100, channels: 1, seconds: 30)
        case .plain(let lead, let seconds): return AudioSpec(shape: .announcedSong(hertz: 3_000, lead: lead), sampleRate: 44_100, channels: 1, seconds: seconds)
        }
    }
}
