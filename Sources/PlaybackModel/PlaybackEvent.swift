import DisplayText

/// What the player reports while it plays one recording. ChirperCore's reducer turns these into the
/// row's `PlaybackState`; this file is pure Swift so the state layer can use it without touching C.
public enum PlaybackEvent: Equatable, Sendable {
    /// Waiting for bytes; progress 0...1 of the start-up buffer when known.
    case buffering(progress: Double?)
    /// The first samples reached the sound server.
    case started(duration: Double?)
    /// Elapsed and total seconds (total nil when neither the stream nor the API says).
    case position(elapsed: Double, duration: Double?)
    /// The sound went on from `to` seconds of the recording, not from where it was: a seek, a move to
    /// the track's start, the loop going back. Positions after it count from there.
    case jumped(to: Double)
    case paused
    case resumed
    /// Speed or loop changed (and, when either is in force, once the sound starts).
    case settings(ListeningSettings)
    /// `m` was taken with the recording heard at `at` seconds.
    case marked(at: Double)
    /// Played to the end, drained.
    case finished
    case failed(PlaybackError)
}

/// Why a recording did not play, in words a listener can act on.
public enum PlaybackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A restricted species: xeno-canto lists it without a file.
    case notPlayable
    /// The bytes are not MPEG audio (an HTML page, say).
    case notAnMP3(detail: String)
    /// A format Chirper does not play (a WAV in 24-bit, say), named.
    case unsupported(detail: String)
    /// The stream stopped before the end the file announced.
    case truncated(playedSeconds: Double)
    /// The audio URL answered an HTTP error (after `attempts` tries, for 429 and 5xx).
    case http(status: Int, attempts: Int = 1)
    /// Network trouble fetching the audio.
    case network(reason: String)
    /// The sound server refused or went away: PulseAudio's call, code and message, as it said them.
    case output(PulseError)
    /// libmpg123 failed: its call, code and message, as it said them.
    case decoder(DecoderError)
    /// A failure nothing above foresaw, as it described itself.
    case unexpected(reason: String)
    /// A local file could not be read.
    case file(reason: String)

    /// Said in words a terminal may be given: the reasons carry servers' and files' words.
    public var description: String { Displayable.lines(words) }

    private var words: String {
        switch self {
        case .notPlayable: return "not playable: restricted species, xeno-canto offers no file"
        case .notAnMP3(let detail): return "not an MP3 stream (\(detail))"
        case .unsupported(let detail): return detail
        case .truncated(let seconds): return "the file ended early, after \(Int(seconds)) s: it is truncated"
        case .http(let status, let attempts):
            return "the audio URL answered HTTP \(status)" + (attempts > 1 ? " (\(attempts) tries)" : "")
        case .network(let reason): return "network: \(reason)"
        case .output(let error): return "sound output: \(error)"
        case .decoder(let error): return "decoder: \(error)"
        case .unexpected(let reason): return reason
        case .file(let reason): return reason
        }
    }
}
