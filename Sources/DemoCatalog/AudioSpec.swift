/// The sound of one demo recording: synthesised, so every recording has its own known pitch and length.
public struct AudioSpec: Sendable, Hashable {
    public enum Shape: Sendable, Hashable {
        /// A steady sine: the pitch tests' reference.
        case tone(hertz: Double)
        /// Short bursts of one pitch with silences between them, like a call repeated.
        case call(hertz: Double, burst: Double, pause: Double)
        /// A rising sine sweep from one frequency to another over the whole recording.
        case sweep(fromHertz: Double, toHertz: Double)
        /// A field recording's opening before its subject: wind throughout, a spoken announcement, then
        /// from `lead` seconds on a song of rising notes from `hertz` (the quiz's start is measured on it).
        case announcedSong(hertz: Double, lead: Double)
        /// Wind and a cricket's chirps (a quarter second of `insectHertz` each half second) throughout,
        /// busier than the bird, and from `lead` seconds on the same song as `announcedSong`'s.
        case songOverInsects(hertz: Double, lead: Double, insectHertz: Double)
    }

    public var shape: Shape
    public var sampleRate: Int
    public var channels: Int
    public var seconds: Double
    /// lame's constant bit rate in kbit/s; nil: 64 for mono, 96 for stereo (small files for the tests).
    public var kilobitsPerSecond: Int?

    public init(shape: Shape, sampleRate: Int, channels: Int, seconds: Double, kilobitsPerSecond: Int? = nil) {
        self.shape = shape
        self.sampleRate = sampleRate
        self.channels = channels
        self.seconds = seconds
        self.kilobitsPerSecond = kilobitsPerSecond
    }

    var bitRate: Int { kilobitsPerSecond ?? (channels == 1 ? 64 : 96) }

    /// The pitch a listener (or an FFT) should find in the non-silent parts; nil for a sweep.
    public var hertz: Double? {
        switch shape {
        case .tone(let hertz), .call(let hertz, _, _): return hertz
        case .sweep, .announcedSong, .songOverInsects: return nil
        }
    }

    /// A name that changes whenever the sound would: the encoded file is cached under it.
    var fileStem: String {
        let shapeName: String
        switch shape {
        case .tone(let hz): shapeName = "tone\(Int(hz))"
        case .call(let hz, let burst, let pause): shapeName = "call\(Int(hz))-\(Int(burst * 1000))-\(Int(pause * 1000))"
        case .sweep(let from, let to): shapeName = "sweep\(Int(from))-\(Int(to))"
        case .announcedSong(let hz, let lead): shapeName = "announced\(Int(hz))-\(Int(lead * 1000))"
        case .songOverInsects(let hz, let lead, let insect): shapeName = "insects\(Int(insect))-song\(Int(hz))-\(Int(lead * 1000))"
        }
        let rate = kilobitsPerSecond.map { "-\($0)k" } ?? ""
        return "\(shapeName)-\(sampleRate)-\(channels)ch-\(Int(seconds * 1000))ms\(rate)"
    }
}
