import Audio

/// `decode`: a recording decoded to nothing, as fast as it goes, through the engine's decoder; `make
/// bench` times it beside `mpg123 -t`.
public enum DecodeJob {
    public static func run(recording: String, api: APIChoice) async throws {
        let source = try await RecordingSource.resolve(recording, api: api).playable()
        let start = ContinuousClock.now
        var bytes = 0
        do {
            let track = try await DecodedTrack.open(source)
            decoding: while true {
                switch try await track.nextPiece() {
                case .format: continue
                case .pcm(let pcm): bytes += pcm.count
                case .end: break decoding
                }
            }
        } catch {
            throw CommandFailure(message: "chirper: \(recording): \(error.description)", exitCode: .playbackFailed)
        }
        let elapsed = ContinuousClock.now - start
        StandardOutput.write(["decoded \(bytes) bytes of PCM in \(elapsed)"])
    }
}
