import AudioDecoding
import ChirperHTTP
import PlaybackModel

/// One recording on its way to the speakers: its input, its decoder, and PCM decoded ahead of need.
/// The queue opens the next track and decodes its first seconds while the current one plays, so the
/// next starts without waiting for the network.
///
/// `@unchecked Sendable`: one task at a time uses it. The prefetch task fills it and hands it over
/// through `Task.value`, after which only the playing task touches it; nothing is shared.
public final class DecodedTrack: @unchecked Sendable {
    /// What the next call to `nextPiece` gives.
    public enum Piece: Equatable {
        /// PCM that follows is in this format (the first piece, and whenever the stream changes it).
        case format(AudioFormat)
        /// PCM, at most a piece (`pieceMilliseconds`).
        case pcm([UInt8])
        /// The recording is over, whole.
        case end
    }

    private var input: TrackInput
    private var decoder: AudioDecoder
    /// PCM decoded ahead, in `aheadFormat`, handed out (from `aheadStart` on) before anything else.
    private var ahead: [UInt8] = []
    private var aheadStart = 0
    private var aheadFormat: AudioFormat?
    /// The format the caller was last told of.
    private var announced: AudioFormat?
    private var inputEnded = false
    /// A format change found while decoding ahead, to announce once `ahead` is handed out.
    private var pendingFormat: AudioFormat?
    /// The most PCM in one piece: a little under what the output asks for at a time (`PulseStream`'s
    /// request, 500 ms), so each request is met by one write of a whole piece. Smaller pieces cost CPU
    /// for nothing: every piece is a hop to the writing thread and a wake-up of PulseAudio's
    /// (docs/performance.md, "Playback CPU"). The position is
    /// told as the writes return, so about twice a second (`EngineState.positionEvery`); the status shows seconds.
    static let pieceMilliseconds = 490
    /// Where `mpg123_read` writes: one piece of the current format (before the format is known, the
    /// decoder writes nothing).
    private var scratch = [UInt8](repeating: 0, count: 8 * 1024)

    private init(input: TrackInput, decoder: consuming AudioDecoder) {
        self.input = input
        self.decoder = decoder
    }

    /// Opens the source (HTTP errors surface here) and makes a decoder for it. A dropped connection is
    /// regained within the input, which tells `onReconnect` (the engine shows buffering meanwhile).
    /// `patient`: see `AudioSource.open` (the queue's next track, opened while this one plays).
    /// `begun`: its request, already on its way (`StartWork`).
    public static func open(_ source: AudioSource, cache: AudioCache? = nil, patient: Bool = false,
                            begun: HTTPGet.Begun? = nil) async throws(PlaybackError) -> DecodedTrack {
        let input = try await TrackInput.open(source, cache: cache, patient: patient, begun: begun)
        var decoder: AudioDecoder
        do { decoder = try AudioDecoder() } catch { throw PlaybackError(error) }
        if let size = input.size { decoder.setStreamSize(size) }
        return DecodedTrack(input: input, decoder: decoder)
    }

    /// Told of a dropped connection being regained, while this track plays.
    var onReconnect: (@Sendable (TrackInput.Reconnection) -> Void)? {
        get { input.onReconnect }
        set { input.onReconnect = newValue }
    }

    /// The length the stream announces (Xing header or size and bitrate).
    public var duration: Double? { decoder.duration }

    /// Seconds into the recording of the next PCM handed out. What waits in `ahead` is in its own
    /// format, which may be another than the decoder's now (the stream changed format after it).
    var position: Double {
        guard let format = aheadFormat else { return decoder.secondsDecoded }
        let aheadFrames = (ahead.count - aheadStart) / format.bytesPerFrame
        return decoder.secondsDecoded - Double(aheadFrames) / Double(format.sampleRate)
    }

    /// Decodes until `seconds` of PCM wait in `ahead`, the stream changes format or ends.
    func decodeAhead(seconds: Double) async throws(PlaybackError) {
        while pendingFormat == nil {
            if let format = aheadFormat, ahead.count - aheadStart >= Int(seconds * Double(format.sampleRate)) * format.bytesPerFrame { return }
            switch try await decodeStep() {
            case .format(let format):
                if aheadFormat == nil { aheadFormat = format } else { pendingFormat = format }
            case .pcm(let bytes):
                ahead += bytes
            case .end:
                return
            }
        }
    }

    /// The next piece of sound.
    public func nextPiece() async throws(PlaybackError) -> Piece {
        if let format = aheadFormat, announced != format {
            announced = format
            return .format(format)
        }
        if aheadStart < ahead.count, let format = aheadFormat {
            let end = min(ahead.count, aheadStart + format.bytes(milliseconds: Self.pieceMilliseconds))
            defer { aheadStart = end }
            return .pcm(Array(ahead[aheadStart..<end]))
        }
        ahead = []
        aheadStart = 0
        aheadFormat = nil
        if let format = pendingFormat {
            pendingFormat = nil
            announced = format
            return .format(format)
        }
        let piece = try await decodeStep()
        switch piece {
        case .format(let format):
            announced = format
            return piece
        case .pcm, .end:
            return piece
        }
    }

    /// Jumps to `seconds` (clamped to the recording); returns where sound resumes. What was decoded ahead
    /// is dropped; the input continues from the byte the decoder asks for.
    func seek(to seconds: Double) async throws(PlaybackError) -> Double {
        guard decoder.format != nil else { return 0 }  // nothing decoded yet: nowhere to seek from
        let target = max(0, min(seconds, (duration ?? seconds) - 0.05))
        let (reached, offset): (Double, Int)
        do { (reached, offset) = try decoder.seek(toSeconds: target) } catch { throw PlaybackError(error) }
        try await input.move(to: offset)
        ahead = []
        aheadStart = 0
        aheadFormat = nil
        pendingFormat = nil
        inputEnded = false
        return reached
    }

    /// One step of the decoder, feeding it from the input as it asks.
    private func decodeStep() async throws(PlaybackError) -> Piece {
        while true {
            if let format = decoder.format {
                let pieceBytes = format.bytes(milliseconds: Self.pieceMilliseconds)
                if scratch.count != pieceBytes { scratch = [UInt8](repeating: 0, count: pieceBytes) }
            }
            let result: AudioDecoder.Output
            do { result = try scratch.withUnsafeMutableBytes { try decoder.decode(into: $0) } } catch {
                throw PlaybackError(error, played: position)
            }
            switch result {
            case .pcm(let count): return .pcm(Array(scratch[0..<count]))
            case .newFormat(let format): return .format(format)
            case .needMore: break
            }
            if inputEnded {
                do { try decoder.finish() } catch { throw PlaybackError(error, played: position) }
                // Only a file the decoder found whole is kept: a body of the announced length can still be
                // a cut MP3 or a page that is not audio.
                input.keepDownload()
                return .end
            }
            let chunk = try await input.next()
            guard let chunk else {
                inputEnded = true
                continue
            }
            do { try chunk.withUnsafeBytes { try decoder.feed($0) } } catch {
                throw PlaybackError(error, played: position)
            }
        }
    }
}
