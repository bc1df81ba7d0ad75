import Audio
import ChirperCore
import FoundationEssentials
import XenoCanto

/// `play`: one recording (an XC number, a URL or a file) with the live status and the keys; a failure
/// exits 5 with its reason.
public enum PlayJob {
    /// `offline`: ask nothing of the network: play from the cache.
    public static func run(recording: String, offline: Bool, sound: SoundChoice, api: APIChoice) async throws {
        let (source, name, duration) = try await resolve(recording, offline: offline, api: api, early: sound.startWork)
        try await Self.play(source, name: name, duration: duration, options: sound.playerOptions())
    }

    /// `early`: where the file of an XC number is asked for beside its lookup.
    private static func resolve(_ recording: String, offline: Bool, api: APIChoice,
                                early: StartWork?) async throws -> (AudioSource, String, Double?) {
        guard offline, RecordingNumber.isNumber(recording), !FileManager.default.fileExists(atPath: recording) else {
            return try await RecordingSource.resolve(recording, api: api, fileBeside: early)
        }
        let number = RecordingNumber.digits(recording)
        guard let file = AudioCache(directory: AudioCache.defaultDirectory()).file(forRecording: number) else {
            throw CommandFailure(message: "chirper: XC\(number) is not in the cache, and --offline asks nothing of the network.",
                                 exitCode: .playbackFailed)
        }
        return (.file(file.path), "XC\(number)", nil)
    }

    /// Plays with the live status: a queue of one. A failure exits 5 with its reason.
    static func play(_ source: AudioSource, name: String, duration: Double?, options: PlaybackEngine.Options) async throws {
        let track = PlaybackEngine.Track(id: name, source: source, duration: duration)
        let session = PlayingSession([.init(track: track, header: nil, name: name)], screen: .play, options: options)
        session.stopOnSignals()
        try await session.runFailingOnAnyTrack()
    }
}
