import CPulseAudio
import PlaybackModel

/// One playback stream on a `PulseConnection`, in one sample format. Writes block (on the mainloop's
/// condition, not by polling) until the server has room: that is the flow control. Pause is a cork, volume
/// is the stream's own volume, and the server going away ends every wait with an error.
///
/// `@unchecked Sendable` for the same reason as `PulseConnection`: the handle, `cancelled`,
/// `writeInterrupted`, `dry`, `dryEpisodes`, `refill` and `heldAt` are used only with the connection's
/// mainloop lock held (the underflow and started callbacks run on the mainloop thread, which holds it).
public final class PulseStream: AudioSink, @unchecked Sendable {
    public let format: AudioFormat
    private let connection: PulseConnection
    private let stream: OpaquePointer
    private var pulse: PulseAudio { connection.pulse }
    private var cancelled = false
    /// How much sound the server holds for a stream (see `init`): what a pause in the input can hide.
    static let bufferMilliseconds = 1_000
    /// Set by `interruptWrite`, cleared by the write it ends or by `flush` (which drops what it was for).
    private var writeInterrupted = false
    /// PA_VOLUME_NORM: 100 %.
    static let fullVolume: UInt32 = 0x10000
    /// Sound queued before playback starts: little at first, so the first sound comes quickly.
    static let startMilliseconds = 40
    /// Sound gathered before playback starts again after the server ran dry: three quarters of the
    /// buffer, so input that trickles plays in pieces of most of a second, not in bits of 40 ms.
    static let refillMilliseconds = bufferMilliseconds * 3 / 4
    /// After the server ran dry, what the input gives is held here until `refillMilliseconds` of it are
    /// in, then written at once; nil when not refilling. Held here, not by a larger prebuf: PipeWire's
    /// PulseAudio server plays again whatever little is written, whatever the prebuf.
    private var refill: [UInt8]?
    /// The server ran out of sound and has not started again: the listener hears nothing.
    private var dry = false
    /// Dry spells so far, to tell one from the next.
    private var dryEpisodes = 0
    /// The clock as it stood when the stream was corked; nil while it plays. A corked stream's clock is
    /// not read: libpulse 16.1's interpolating clock runs on with the wall clock while a stream is corked
    /// before the server has told it of any sound played (docs/architecture.md, "The stream's clock").
    private var heldAt: Double?
    /// Told, on the mainloop thread, when the server runs dry and when it plays again.
    private let signals: (@Sendable (PulseStream, OutputSignal) -> Void)?

    public typealias OutputSignal = Audio.OutputSignal

    /// Opens a stream to `device` (nil: the default sink) and waits until it is ready.
    /// Latency: a 1 s target buffer (see `attributes`) and playback that starts once 40 ms are queued.
    public init(connection: PulseConnection, format: AudioFormat, name: String, device: String? = nil, volume: Double? = nil,
                signals: (@Sendable (PulseStream, OutputSignal) -> Void)? = nil) throws(PulseError) {
        self.format = format
        self.connection = connection
        self.signals = signals
        let pulse = connection.pulse
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        connection.lock()
        defer { connection.unlock() }
        guard let stream = pulse.streamNew(connection.context, name, &spec, nil) else {
            throw connection.lastError("pa_stream_new")
        }
        self.stream = stream
        let mainloop = UnsafeMutableRawPointer(connection.mainloop)
        pulse.streamSetStateCallback(stream, { _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        pulse.streamSetWriteCallback(stream, { _, _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        // Unretained: deinit removes both callbacks, under the lock, before the stream goes away (a deinit
        // begun on another thread waits for the lock, so for any callback under way). Each callback holds
        // the stream to its end: should the owner let go meanwhile, the stream is torn down as the callback
        // returns, on PulseAudio's thread (libpulse touches the stream no more after calling it), never
        // midway.
        let this = Unmanaged.passUnretained(self).toOpaque()
        pulse.streamSetUnderflowCallback(stream, { _, userdata in
            let stream = Unmanaged<PulseStream>.fromOpaque(userdata!).takeUnretainedValue()
            withExtendedLifetime(stream) { $0.ranDry() }
        }, this)
        pulse.streamSetStartedCallback(stream, { _, userdata in
            let stream = Unmanaged<PulseStream>.fromOpaque(userdata!).takeUnretainedValue()
            withExtendedLifetime(stream) { $0.startedAgain() }
        }, this)

        var attributes = Self.attributes(format, startAfterMilliseconds: Self.startMilliseconds)
        let flags = pa_stream_flags_t(PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue | PA_STREAM_ADJUST_LATENCY.rawValue)
        var volumes = pa_cvolume()
        if let volume {
            _ = pulse.cvolumeSet(&volumes, UInt32(format.channels), UInt32(Double(Self.fullVolume) * min(1, max(0, volume))))
        }
        let connected = volume == nil
            ? pulse.streamConnectPlayback(stream, device, &attributes, flags, nil, nil)
            : pulse.streamConnectPlayback(stream, device, &attributes, flags, &volumes, nil)
        guard connected >= 0 else {
            throw connection.lastError("pa_stream_connect_playback")
        }
        while true {
            let state = pulse.streamGetState(stream)
            if state == PA_STREAM_READY { break }
            guard PA_STREAM_IS_GOOD(state) != 0 else {
                let error = connection.lastError("pa_stream_connect_playback")
                if case .call(_, let code, _) = error, code == PA_ERR_NOENTITY.rawValue, let device { throw .noSuchDevice(device) }
                throw error
            }
            connection.wait()
        }
        // PipeWire's server creates the stream at full volume whatever the connect asked: set it again,
        // before the first write, so not a sample is heard louder than asked. Only there: PulseAudio
        // honours the connect's volume, and would remember one set afterwards for the next streams.
        if volume != nil, connection.isPipeWire, let operation = pulse.contextSetSinkInputVolume(connection.context, pulse.streamGetIndex(stream), &volumes, nil, nil) {
            pulse.operationUnref(operation)
        }
    }

    deinit {
        connection.lock()
        pulse.streamSetStateCallback(stream, nil, nil)
        pulse.streamSetWriteCallback(stream, nil, nil)
        pulse.streamSetUnderflowCallback(stream, nil, nil)
        pulse.streamSetStartedCallback(stream, nil, nil)
        _ = pulse.streamDisconnect(stream)
        pulse.streamUnref(stream)
        connection.unlock()
    }

    /// A second queued, asked for half of it at a time: the server wakes this process twice a second,
    /// not forty (what smaller requests cost: docs/performance.md, "Playback CPU"). The server then keeps its
    /// own latency as low as the sink allows, so at least half a second stays queued. Pause (cork), seek
    /// and skip (flush) act on what is queued, so a deeper buffer does not slow them. Playback starts
    /// once `startAfterMilliseconds` are in.
    private static func attributes(_ format: AudioFormat, startAfterMilliseconds: Int) -> pa_buffer_attr {
        pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32(format.bytes(milliseconds: bufferMilliseconds)),
            prebuf: UInt32(format.bytes(milliseconds: startAfterMilliseconds)),
            minreq: UInt32(format.bytes(milliseconds: bufferMilliseconds / 2)), fragsize: UInt32.max)
    }

    /// Whether the server ran out of sound and waits for more before it plays again.
    public var isDry: Bool {
        connection.lock()
        defer { connection.unlock() }
        return dry
    }

    /// The underflow callback (mainloop thread, lock held): wait for most of a second of sound before
    /// playing again, so a trickle is heard in pieces rather than stuttering.
    private func ranDry() {
        if !dry {
            dry = true
            dryEpisodes += 1
            signals?(self, .ranDry(episode: dryEpisodes))
        }
        if refill == nil { refill = [] }
        connection.signal()
    }

    /// The started callback (mainloop thread, lock held): playing again; the next dry spell starts over.
    private func startedAgain() {
        guard dry else { return }
        dry = false
        signals?(self, .started)
        connection.signal()
    }

    /// Writes what a refill holds, if anything: the input has ended, so there will be no more.
    private func endRefill() throws(PulseError) {
        connection.lock()
        defer { connection.unlock() }
        try writeHeld()
    }

    /// Call with the lock held: writes what a refill holds, if anything.
    private func writeHeld() throws(PulseError) {
        guard let held = refill else { return }
        refill = nil
        let failure = held.withUnsafeBytes { bytes -> PulseError? in
            do throws(PulseError) { try writeNow(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes`, waiting for room as the server plays. Returns early by throwing, or
    /// without writing the rest after `interruptWrite` (the caller is about to drop what is queued).
    ///
    /// A piece shorter than one request (minreq: what `DecodedTrack` hands out) is written in one call,
    /// once there is room for all of it: each call wakes PulseAudio's thread and the server, and pieces
    /// split at the server's request boundaries cost two of each. Room for it always comes: the server
    /// asks again whenever a request's worth has played, and before it starts (at 40 ms queued) it asks
    /// for all but what is queued. After running dry it waits for more (`refillMilliseconds`), so then
    /// whatever there is room for is written, as for longer pieces.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(PulseError) {
        connection.lock()
        defer { connection.unlock() }
        guard refill != nil else { return try writeNow(bytes) }
        try checkUsable()
        if writeInterrupted {
            writeInterrupted = false
            return
        }
        refill?.append(contentsOf: bytes)
        if let held = refill?.count, held >= format.bytes(milliseconds: Self.refillMilliseconds) { try writeHeld() }
    }

    /// `write` with the lock held, bypassing a refill.
    private func writeNow(_ bytes: UnsafeRawBufferPointer) throws(PulseError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        let oneRequest = pulse.streamGetBufferAttr(stream).map { Int($0.pointee.minreq) } ?? 0
        var waitsForAll: Bool { !dry && remaining < oneRequest }
        while remaining > 0 {
            try checkUsable()
            if writeInterrupted {
                writeInterrupted = false
                return
            }
            let writable = pulse.streamWritableSize(stream)
            if writable == Int.max || writable == -1 { throw connection.lastError("pa_stream_writable_size") }
            if writable == 0 || (writable < remaining && waitsForAll) {
                connection.wait()
                continue
            }
            let count = min(writable, remaining)
            guard pulse.streamWrite(stream, next, count, nil, 0, PA_SEEK_RELATIVE) >= 0 else {
                throw connection.lastError("pa_stream_write")
            }
            next += count
            remaining -= count
        }
    }

    /// Waits until everything written has been played, so the last 200 ms are heard.
    public func drain() throws(PulseError) {
        try endRefill()
        try run("pa_stream_drain") { stream, mainloop in
            pulse.streamDrain(stream, { _, _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        }
    }

    /// Drops what is queued and not yet played (a seek: the old position must not be heard).
    public func flush() throws(PulseError) {
        connection.lock()
        writeInterrupted = false
        refill = nil
        connection.unlock()
        try run("pa_stream_flush") { stream, mainloop in
            pulse.streamFlush(stream, { _, _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        }
    }

    /// Starts playback of what is queued (and held) even when less than the start-up buffer is there.
    public func trigger() throws(PulseError) {
        try endRefill()
        try run("pa_stream_trigger") { stream, mainloop in
            pulse.streamTrigger(stream, { _, _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        }
    }

    /// Pause (cork) or resume (uncork) without losing what is queued. The clock holds from the cork.
    public func setPaused(_ paused: Bool) throws(PulseError) {
        connection.lock()
        heldAt = paused ? (heldAt ?? clockSeconds()) : nil
        connection.unlock()
        try run("pa_stream_cork") { stream, mainloop in
            pulse.streamCork(stream, paused ? 1 : 0, { _, _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        }
    }

    /// Sets this stream's volume, 0...1 of full.
    public func setVolume(_ volume: Double) throws(PulseError) {
        var volumes = pa_cvolume()
        _ = pulse.cvolumeSet(&volumes, UInt32(format.channels), UInt32(Double(Self.fullVolume) * min(1, max(0, volume))))
        try run("pa_context_set_sink_input_volume") { stream, mainloop in
            pulse.contextSetSinkInputVolume(
                pulse.streamGetContext(stream), pulse.streamGetIndex(stream), &volumes,
                { _, _, userdata in PulseAudio.signalMainloop(userdata) }, mainloop)
        }
    }

    /// Seconds of this stream the listener has heard (the server's clock, latency taken off); while
    /// paused, those heard when it paused.
    public var playedSeconds: Double {
        connection.lock()
        defer { connection.unlock() }
        return heldAt ?? clockSeconds()
    }

    /// Call with the lock held: the server's clock of this stream.
    private func clockSeconds() -> Double {
        var microseconds: pa_usec_t = 0
        guard pulse.streamGetTime(stream, &microseconds) >= 0 else { return 0 }
        return Double(microseconds) / 1_000_000
    }

    /// Seconds until everything written so far has been heard (the buffer plus the sink's latency).
    public var latencySeconds: Double {
        connection.lock()
        defer { connection.unlock() }
        var microseconds: pa_usec_t = 0
        var negative: Int32 = 0
        guard pulse.streamGetLatency(stream, &microseconds, &negative) >= 0, negative == 0 else { return 0 }
        return Double(microseconds) / 1_000_000
    }

    /// Ends the write in progress (or the next one) without writing the rest: a key (skip, seek) is
    /// acted on at once, not after a quarter of a second of buffer has played.
    public func interruptWrite() {
        connection.lock()
        writeInterrupted = true
        connection.signal()
        connection.unlock()
    }

    /// Ends any wait in progress (a write or a drain) with `PulseError.cancelled`; later calls fail too.
    public func cancel() {
        connection.lock()
        cancelled = true
        connection.signal()
        connection.unlock()
    }

    /// Runs an operation and waits for it to finish, the server to go away, or a cancel.
    private func run(_ call: String, _ start: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?) throws(PulseError) {
        connection.lock()
        defer { connection.unlock() }
        try checkUsable()
        guard let operation = start(stream, UnsafeMutableRawPointer(connection.mainloop)) else { throw connection.lastError(call) }
        defer { pulse.operationUnref(operation) }
        while pulse.operationGetState(operation) == PA_OPERATION_RUNNING {
            do { try checkUsable() } catch {
                pulse.operationCancel(operation)
                throw error
            }
            connection.wait()
        }
        try checkUsable()
    }

    /// Call with the lock held.
    private func checkUsable() throws(PulseError) {
        if cancelled { throw .cancelled }
        guard connection.isConnected, PA_STREAM_IS_GOOD(pulse.streamGetState(stream)) != 0 else {
            throw connection.lastError("pa_stream")
        }
    }
}

/// A stream is itself: the engine's state tells streams apart by identity.
extension PulseStream: Equatable {
    public static func == (left: PulseStream, right: PulseStream) -> Bool { left === right }
}
