import Audio
import PlaybackModel

/// Decodes a recording (the player's decoder, no sound) straight into a spectrogram.
public enum SonogramMaker {
    /// `expectedSeconds`: the length the API gave, used when the stream does not announce one.
    public static func spectrogram(of source: AudioSource, expectedSeconds: Double? = nil) async throws(PlaybackError) -> Spectrogram {
        let track = try await DecodedTrack.open(source)
        var builder: SpectrogramBuilder?
        var channels = 1
        while true {
            switch try await track.nextPiece() {
            case .format(let format):
                channels = format.channels
                if builder == nil {
                    do {
                        builder = try SpectrogramBuilder(sampleRate: format.sampleRate, expectedSeconds: track.duration ?? expectedSeconds)
                    } catch { throw .unexpected(reason: error.description) }
                }
            case .pcm(let bytes):
                builder?.add(mono(bytes, channels: channels))
            case .end:
                guard var builder else { throw .notAnMP3(detail: "no audio in it") }
                return builder.finish()
            }
        }
    }

    /// 16-bit little-endian interleaved PCM → mono floats, channels averaged.
    static func mono(_ bytes: [UInt8], channels: Int) -> [Float] {
        bytes.withUnsafeBytes { raw in
            let samples = raw.bindMemory(to: Int16.self)
            let frames = samples.count / channels
            return (0..<frames).map { frame in
                var sum: Float = 0
                for channel in 0..<channels { sum += Float(Int16(littleEndian: samples[frame * channels + channel])) }
                return sum / Float(channels) / 32768
            }
        }
    }
}
