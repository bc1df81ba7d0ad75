import Audio
import ChirperCore
import LibraryModel
import PlaybackModel
import Sonogram
import XenoCanto

/// One recording of the two: where its sound is, its label and its sonogram. A failure names the side.
struct CompareSide {
    let letter: String
    let input: String
    let track: PlaybackEngine.Track
    let frameSide: CompareFrame.Side
    /// What the desktop is told of it.
    let desktop: DesktopPlayer.Description
    /// What its marks are kept on.
    let marksOn: MarkSubject?
    /// Its annotations: where `.` and `,` go.
    let annotations: [MarkedRegion]
    var duration: Double { frameSide.spectrogram.duration }
    /// How messages name it: "A (900014)".
    var subject: String { Self.subject(letter, input) }

    static func subject(_ letter: String, _ input: String) -> String { "\(letter) (\(input))" }

    static func make(_ letter: String, _ input: String, api: APIChoice) async throws -> CompareSide {
        let found: RecordingSource.Found
        let source: AudioSource
        do {
            found = try await RecordingSource.lookup(input, api: api)
            source = try found.playable()
        } catch let failure as CommandFailure {
            throw failure.about(subject(letter, input))
        }
        let spectrogram: Spectrogram
        do {
            spectrogram = try await SonogramMaker.spectrogram(of: source, expectedSeconds: found.duration)
        } catch {
            throw CommandFailure(message: "chirper: \(error)", exitCode: .playbackFailed).about(subject(letter, input))
        }
        let label = found.recording.map(Self.label) ?? found.name
        return CompareSide(letter: letter, input: input, track: PlaybackEngine.Track(id: found.name, source: source, duration: found.duration),
                    frameSide: CompareFrame.Side(label: label, spectrogram: spectrogram),
                    desktop: found.recording.map(DesktopPlayer.Description.of) ?? .named(found.name),
                    marksOn: MarkSubjects.of(found, given: input), annotations: Landmarks.annotations(of: found.recording))
    }

    /// "XC900002 · Parus major · song · Germany · Ana Sousa".
    static func label(_ recording: Recording) -> String {
        (["XC" + recording.id, recording.scientificName, recording.soundType, recording.country, recording.recordist] as [String?])
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
