/// A libpulse failure, with the call, the raw code and libpulse's own message.
public enum PulseError: Error, Equatable, Sendable, CustomStringConvertible {
    case call(name: String, code: Int32, message: String)
    /// No server answered.
    case notRunning(reason: String)
    /// The server went away while we played.
    case connectionLost(reason: String)
    /// The device asked for does not exist.
    case noSuchDevice(String)
    /// We stopped the stream ourselves.
    case cancelled
    /// libpulse itself could not be loaded: what to install, and the loader's reason.
    case libraryMissing(String)

    public var description: String {
        switch self {
        case .call(let name, let code, let message): return "\(name) failed: \(message) (\(code))"
        case .notRunning(let reason):
            return "PulseAudio is not running (\(reason)). Start it with `pulseaudio --start`, or run `make demo`, which starts one with a null sink."
        case .connectionLost(let reason): return "the PulseAudio server went away (\(reason))"
        case .noSuchDevice(let name): return "no PulseAudio sink named \"\(name)\" (see `pactl list short sinks`)"
        case .cancelled: return "stopped"
        case .libraryMissing(let description): return description
        }
    }
}
