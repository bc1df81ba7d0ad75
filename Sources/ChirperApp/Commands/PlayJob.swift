import Audio
import ChirperCore
import FoundationEssentials
import LibraryModel
import XenoCanto

/// `play`: one recording (an XC number, a URL or a file) with the live status and the keys; a failure
/// exits 5 with its reason.
public enum PlayJob {
    /// `offline`: ask nothing of the network: play from the cache.
    /// `annotationsOf`: `.` and `,` go only to the annotations of this taxon or sound type (and the marks).
    public static func run(recording: String, offline: Bool, sound: SoundChoice, api: APIChoice, annotationsOf: String? = nil) async throws {
        let found = try await resolve(recording, offline: offline, api: api, early: sound.startWork)
        if let listed = found.recording { StandardOutput.write([RecordingHeader.line(listed)]) }
        let subject = MarkSubjects.of(found, given: recording)
        try await Self.play(try found.playable(), name: found.name, duration: found.duration, options: sound.playerOptions(),
                            desktop: found.recording.map(DesktopPlayer.Description.of), marksOn: subject,
                            landmarks: Landmarks.annotations(of: found.recording, only: annotationsOf))
        // Remembered once it has played, so the library is not opened on the way to the first sound.
        if let listed = found.recording { History.remember(play: listed) }
    }

    /// `early`: where the file of an XC number is asked for beside its lookup.
    private static func resolve(_ recording: String, offline: Bool, api: APIChoice,
                                early: StartWork?) async throws -> RecordingSource.Found {
        guard offline, RecordingNumber.isNumber(recording), !FileManager.default.fileExists(atPath: recording) else {
            return try await RecordingSource.lookup(recording, api: api, fileBeside: early)
        }
        let number = RecordingNumber.digits(recording)
        if let packed = RecordingSource.Found.packed(number) { return packed }
        guard let file = AudioCache(directory: AudioCache.defaultDirectory()).file(forRecording: number) else {
            throw CommandFailure(message: "chirper: XC\(number) is in no pack and not in the cache, and --offline asks nothing of the network.",
                                 exitCode: .playbackFailed)
        }
        return RecordingSource.Found(source: .file(file.path), name: "XC\(number)")
    }

    /// Plays with the live status: a queue of one. A failure exits 5 with its reason.
    static func play(_ source: AudioSource, name: String, duration: Double?, options: PlaybackEngine.Options,
                     desktop: DesktopPlayer.Description? = nil, marksOn: MarkSubject? = nil, landmarks: [MarkedRegion] = []) async throws {
        let track = PlaybackEngine.Track(id: name, source: source, duration: duration)
        let session = PlayingSession([.init(track: track, header: nil, name: name, desktop: desktop, marksOn: marksOn, landmarks: landmarks)],
                                     screen: .play, options: options)
        session.stopOnSignals()
        try await session.runFailingOnAnyTrack()
    }
}
