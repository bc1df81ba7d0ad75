import Audio
import PlaybackModel

/// Decodes a recording (the player's decoder, no sound) straight into a spectrogram.
public enum SonogramMaker {
    /// `expectedSeconds`: the length the API gave, used when the stream does not announce one.
    /// `within`: seconds from the start to decode at most (the rest is left unread).
    public static func spectrogram(of source: AudioSource, expectedSeconds: Double? = nil, within: Double? = nil) async throws(PlaybackError) -> Spectrogram {
        let track = try await DecodedTrack.open(source)
        var builder: SpectrogramBuilder?
        var channels = 1
        var samplesLeft = Int.max
        while true {
            if samplesLeft <= 0, var builder { return builder.finish() }
            switch try await track.nextPiece() {
            case .format(let format):
                channels = format.channels
                if builder == nil {
                    if let within { samplesLeft = Int(within * Double(format.sampleRate)) }
                    let seconds = [track.duration ?? expectedSeconds, within].compactMap { $0 }.min()
                    do {
                        builder = try SpectrogramBuilder(sampleRate: format.sampleRate, expectedSeconds: seconds)
                    } catch { throw .unexpected(reason: error.description) }
                }
            case .pcm(let bytes):
                let samples = mono(bytes, channels: channels)
                builder?.add(samples)
                samplesLeft -= samples.count
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
