/// A libmpg123 failure: the raw code, the library's message and the call that failed, or one of the
/// stream problems the decoder finds itself.
public enum DecoderError: Error, Equatable, Sendable, CustomStringConvertible {
    case library(code: Int32, call: String, message: String)
    case notMPEGAudio(bytesSeen: Int)
    case emptyStream
    case truncated(framesDecoded: Int, framesAnnounced: Int)
    /// A WAV file Chirper cannot play, or cannot read.
    case wav(WAVProblem)

    public var description: String {
        switch self {
        case .library(let code, let call, let message): return "\(call) failed: \(message) (\(code))"
        case .notMPEGAudio(let bytes): return "not an MP3 stream: no MPEG audio frame in \(bytes) bytes"
        case .emptyStream: return "not an MP3 stream: the file is empty"
        case .truncated: return "stream ended inside the recording: the file is truncated"
        case .wav(let problem): return problem.description
        }
    }
}

/// Why a WAV file cannot be played.
public enum WAVProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case unsupported(String)
    case malformed(String)

    public var description: String {
        switch self {
        case .unsupported(let what): return "a WAV file in \(what): Chirper plays MP3 and 16-bit PCM WAV"
        case .malformed(let what): return "not a readable WAV file (\(what))"
        }
    }
}
