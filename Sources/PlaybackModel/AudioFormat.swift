/// Interleaved signed 16-bit little-endian PCM at some rate and channel count: what the decoder
/// produces and what the PulseAudio stream is opened with, so no sample is converted by us.
public struct AudioFormat: Equatable, Sendable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    public var bytesPerFrame: Int { 2 * channels }

    public func bytes(milliseconds: Int) -> Int {
        sampleRate * milliseconds / 1000 * bytesPerFrame
    }

    public var description: String { "\(sampleRate) Hz \(channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) ch")" }
}
