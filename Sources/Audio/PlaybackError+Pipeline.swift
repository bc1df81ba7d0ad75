import PlaybackModel

extension PlaybackError {
    /// Any failure of the pipeline, in the listener's words.
    init(_ error: any Error, played: Double = 0) {
        switch error {
        case let error as PlaybackError: self = error
        case let error as DecoderError: self.init(decoder: error, played: played)
        case let error as PulseError: self = .output(error)
        default: self = .unexpected(reason: "\(error)")
        }
    }

    init(decoder error: DecoderError, played: Double) {
        switch error {
        case .notMPEGAudio, .emptyStream: self = .notAnMP3(detail: error.description.replacing("not an MP3 stream: ", with: ""))
        case .truncated: self = .truncated(playedSeconds: played)
        case .library: self = .decoder(error)
        case .wav(let problem): self = .unsupported(detail: problem.description)
        }
    }
}
