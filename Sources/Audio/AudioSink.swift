import PlaybackModel

/// Where the engine's sound goes, in one format: a PulseAudio stream (`PulseStream`) or, in tests, a
/// sink in memory. Writes block until the sink has room: that is the flow control. Its clock is the
/// listener's: `playedSeconds` is what has been heard. Failures are `PulseError`s, the one output the
/// product has: an in-memory sink says `.cancelled` when stopped.
public protocol AudioSink: AnyObject, Sendable {
    var format: AudioFormat { get }
    /// Seconds heard so far.
    var playedSeconds: Double { get }
    /// Seconds written and not yet heard.
    var latencySeconds: Double { get }
    /// The sink ran out of sound and has not started again.
    var isDry: Bool { get }
    /// Queues PCM in `format`, waiting for room; after `interruptWrite` it returns without writing the
    /// rest (no error).
    func write(_ bytes: UnsafeRawBufferPointer) throws(PulseError)
    /// Waits until everything written has been heard.
    func drain() throws(PulseError)
    /// Drops what is written and not yet heard, and any interrupt not yet taken.
    func flush() throws(PulseError)
    /// Starts playing what is queued, however little.
    func trigger() throws(PulseError)
    func setPaused(_ paused: Bool) throws(PulseError)
    /// 0...1.
    func setVolume(_ volume: Double) throws(PulseError)
    /// Ends the write in progress, or the next one, without writing the rest (a command is waiting).
    /// A drain is not ended by it.
    func interruptWrite()
    /// Stops at once: every wait ends, later calls fail with `PulseError.cancelled`.
    func cancel()
}

/// What a sink tells its owner, on its own thread: the owner must not call back into the sink or wait.
public enum OutputSignal: Sendable, Equatable {
    /// Dry spell number `episode` began: the sink has nothing to play.
    case ranDry(episode: Int)
    /// The sink plays again after a dry spell.
    case started
}

/// Opens sinks: the sound server (a `PulseConnection`) or, in tests, memory.
public protocol AudioOutput: Sendable {
    /// A sink playing `format` on `device` (nil: the default), at `volume` (nil: the output's choice).
    func openSink(format: AudioFormat, name: String, device: String?, volume: Double?,
                  signals: @escaping @Sendable (any AudioSink, OutputSignal) -> Void) throws(PulseError) -> any AudioSink
}

/// A sink as the engine's state holds it: the same sink is the same output.
public struct SinkHandle: Equatable, Sendable {
    public let sink: any AudioSink

    public init(_ sink: any AudioSink) { self.sink = sink }

    public static func == (left: SinkHandle, right: SinkHandle) -> Bool { left.sink === right.sink }
}
