import PlaybackModel

/// Whether a file is a whole recording: decoded to its end (no sound) without an error. A download is
/// kept only then: an HTML error page, an empty body or a body cut short is not a recording, whatever
/// its name says.
enum WholeAudioCheck {
    /// Nil when the file at `path` decodes to its end; else what the decoder found.
    static func problem(inFile path: String) async -> PlaybackError? {
        do {
            let track = try await DecodedTrack.open(.file(path))
            var heard = false
            while true {
                switch try await track.nextPiece() {
                case .format: continue
                case .pcm(let pcm): heard = heard || !pcm.isEmpty
                case .end: return heard ? nil : .notAnMP3(detail: "no audio in it")
                }
            }
        } catch {
            return error
        }
    }
}
