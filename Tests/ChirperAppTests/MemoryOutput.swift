import Audio
import Glibc
import PlaybackModel
import Locking

/// The sound output in memory, the test double of the PulseAudio connection: its sinks play `speedup`
/// times faster than real time (a 4 s track is heard in 0.2 s at 20×) and record every write, flush
/// and pause, with the sink's clock when it came.
final class MemoryOutput: AudioOutput {
    let speedup: Double
    private let opened = Locked<[MemorySink]>([])

    init(speedup: Double = 20) { self.speedup = speedup }

    /// Every sink opened, in order: one per format the engine played.
    var sinks: [MemorySink] { opened.withLock { $0 } }

    func openSink(format: AudioFormat, name: String, device: String?, volume: Double?,
                  signals: @escaping @Sendable (any AudioSink, OutputSignal) -> Void) throws(PulseError) -> any AudioSink {
        let sink = MemorySink(format: format, speedup: speedup)
        opened.withLock { $0.append(sink) }
        return sink
    }
}

/// One sink of a `MemoryOutput`. Plays once 40 ms are queued (or on `trigger`), holds at most one
/// second unheard (a write waits for room, as PulseAudio's does, and an interrupt ends it without the
/// rest), and keeps what it was given. It sends no ran-dry or started signals: buffering is the state
/// machine's tests' and the monitor tests' to show.
final class MemorySink: AudioSink {
    enum Record: Equatable {
        /// Seconds of sound written, when `at` seconds had been heard.
        case wrote(seconds: Double, at: Double)
        /// Unheard sound dropped, at `at`.
        case flushed(at: Double)
        case paused(Bool, at: Double)
    }

    let format: AudioFormat
    /// Seconds the sink holds unheard at most.
    static let buffer = 1.0
    private let speedup: Double
    private struct Clock {
        var written = 0.0
        /// Heard when `since` was taken; the clock runs from there while playing.
        var heard = 0.0
        var since: ContinuousClock.Instant?
        var started = false
        var paused = false
        var cancelled = false
        var interrupted = false
        var records: [Record] = []
        var pcm: [UInt8] = []

        func heard(at now: ContinuousClock.Instant, speedup: Double) -> Double {
            guard let since else { return heard }
            let elapsed = now - since
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return min(written, heard + seconds * speedup)
        }

        /// Takes the clock's reading as its new start (before a pause, a flush or new sound after a dry spell).
        mutating func settle(at now: ContinuousClock.Instant, speedup: Double) {
            heard = heard(at: now, speedup: speedup)
            since = started && !paused ? now : nil
        }
    }
    private let clock = Locked(Clock())

    init(format: AudioFormat, speedup: Double) {
        self.format = format
        self.speedup = speedup
    }

    /// What the sink was told, in order.
    var records: [Record] { clock.withLock { $0.records } }
    /// Seconds of sound written in all (flushed sound included).
    var secondsWritten: Double { records.reduce(0) { if case .wrote(let seconds, _) = $1 { $0 + seconds } else { $0 } } }
    /// Every byte written, in order.
    var pcm: [UInt8] { clock.withLock { $0.pcm } }

    var playedSeconds: Double { clock.withLock { $0.heard(at: .now, speedup: speedup) } }
    var latencySeconds: Double { clock.withLock { $0.written - $0.heard(at: .now, speedup: speedup) } }
    var isDry: Bool { clock.withLock { $0.started && $0.heard(at: .now, speedup: speedup) >= $0.written } }

    /// As PulseStream's: room by room, and an interrupt ends it without writing the rest.
    func write(_ bytes: UnsafeRawBufferPointer) throws(PulseError) {
        var offset = 0
        while offset < bytes.count {
            try wait(interruptible: true) { $0.written - $0.heard(at: .now, speedup: speedup) < Self.buffer }
            let written = try clock.withLock { clock throws(PulseError) -> Int? in
                guard !clock.cancelled else { throw .cancelled }
                if clock.interrupted {
                    clock.interrupted = false
                    return nil
                }
                clock.settle(at: .now, speedup: speedup)  // a dry sink starts again from where it stopped
                let room = Int((Self.buffer - (clock.written - clock.heard)) * Double(format.sampleRate)) * format.bytesPerFrame
                let count = min(bytes.count - offset, max(format.bytesPerFrame, room))
                let seconds = Double(count) / Double(format.bytesPerFrame * format.sampleRate)
                clock.records.append(.wrote(seconds: seconds, at: clock.heard))
                clock.pcm += bytes[offset..<offset + count]
                clock.written += seconds
                if !clock.started && clock.written >= 0.04 {
                    clock.started = true
                    clock.settle(at: .now, speedup: speedup)
                }
                return count
            }
            guard let written else { return }
            offset += written
        }
    }

    func drain() throws(PulseError) {
        try trigger()
        try wait(interruptible: false) { $0.heard(at: .now, speedup: speedup) >= $0.written }
    }

    func flush() throws(PulseError) {
        try change { clock in
            clock.settle(at: .now, speedup: speedup)
            clock.written = clock.heard
            clock.interrupted = false
            clock.records.append(.flushed(at: clock.heard))
        }
    }

    func trigger() throws(PulseError) {
        try change { clock in
            clock.started = true
            clock.settle(at: .now, speedup: speedup)
        }
    }

    func setPaused(_ paused: Bool) throws(PulseError) {
        try change { clock in
            clock.settle(at: .now, speedup: speedup)
            clock.paused = paused
            clock.settle(at: .now, speedup: speedup)
            clock.records.append(.paused(paused, at: clock.heard))
        }
    }

    func setVolume(_ volume: Double) throws(PulseError) {}

    func interruptWrite() { clock.withLock { $0.interrupted = true } }

    func cancel() { clock.withLock { $0.cancelled = true } }

    private func change(_ body: (inout Clock) -> Void) throws(PulseError) {
        try clock.withLock { clock throws(PulseError) in
            guard !clock.cancelled else { throw .cancelled }
            body(&clock)
        }
    }

    /// Waits (on the caller's thread: the engine writes from its own) until `done`, a cancel, or (when
    /// `interruptible`) an interrupt, which the caller then takes.
    private func wait(interruptible: Bool, until done: (Clock) -> Bool) throws(PulseError) {
        while true {
            let (finished, cancelled) = clock.withLock { ((interruptible && $0.interrupted) || done($0), $0.cancelled) }
            if cancelled { throw .cancelled }
            if finished { return }
            usleep(500)
        }
    }
}
