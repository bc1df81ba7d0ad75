import CPulseAudio
import Dispatch
import PlaybackModel

/// A connection to a PulseAudio server: a `pa_threaded_mainloop` and its `pa_context`. With
/// `PulseStream` (and `PulseAudio`, the library's functions), the only code that touches CPulseAudio.
///
/// `@unchecked Sendable`, and why that is safe: the handles are created in `init` and freed in `deinit`
/// only; every other use of them happens between `pa_threaded_mainloop_lock` and `unlock`, which is how
/// libpulse makes a context usable from any thread. The C callbacks capture nothing and only signal the
/// mainloop, whose pointer they get as `userdata`.
public final class PulseConnection: @unchecked Sendable {
    let pulse: PulseAudio
    let mainloop: OpaquePointer
    let context: OpaquePointer
    /// The server is PipeWire's (pipewire-pulse), which has ways of its own (see `PulseStream`). Set in
    /// `init` only.
    private(set) var isPipeWire = false

    /// Connects to `server` (nil: the default server, as `PULSE_SERVER` or the runtime folder says).
    /// Fails at once, never hangs, when no daemon answers.
    /// Loads libpulse first, the first time (see `PulseAudio`).
    public init(server: String? = nil, applicationName: String = "chirper") throws(PulseError) {
        let pulse: PulseAudio
        do { pulse = try PulseAudio.loaded.get() } catch { throw .libraryMissing(error.description) }
        guard let mainloop = pulse.mainloopNew() else { throw PulseError(call: "pa_threaded_mainloop_new", code: 0, pulse) }
        guard let context = pulse.contextNew(pulse.mainloopGetAPI(mainloop), applicationName) else {
            pulse.mainloopFree(mainloop)
            throw PulseError(call: "pa_context_new", code: 0, pulse)
        }
        self.pulse = pulse
        self.mainloop = mainloop
        self.context = context
        pulse.contextSetStateCallback(context, { _, userdata in PulseAudio.signalMainloop(userdata) }, UnsafeMutableRawPointer(mainloop))

        guard pulse.contextConnect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw PulseError.notRunning(reason: pulse.message(pulse.contextErrno(context)))
        }
        guard pulse.mainloopStart(mainloop) >= 0 else { throw PulseError(call: "pa_threaded_mainloop_start", code: 0, pulse) }
        lock()
        defer { unlock() }
        while true {
            let state = pulse.contextGetState(context)
            if state == PA_CONTEXT_READY { break }
            guard PA_CONTEXT_IS_GOOD(state) != 0 else {
                throw PulseError.notRunning(reason: pulse.message(pulse.contextErrno(context)))
            }
            pulse.mainloopWait(mainloop)
        }
        isPipeWire = Self.serverName(pulse, context, mainloop)?.contains("PipeWire") == true
    }

    /// The server's name ("pulseaudio", "PulseAudio (on PipeWire 0.3.65)"), asked once at the connection:
    /// a round trip on the local socket. Call with the lock held.
    private static func serverName(_ pulse: PulseAudio, _ context: OpaquePointer, _ mainloop: OpaquePointer) -> String? {
        final class Answer {
            let mainloop: OpaquePointer
            var name: String?
            init(_ mainloop: OpaquePointer) { self.mainloop = mainloop }
        }
        let answer = Answer(mainloop)
        // Unretained: this function waits until the operation is over (or cancels it) before `answer` goes.
        let userdata = Unmanaged.passUnretained(answer).toOpaque()
        guard let operation = pulse.contextGetServerInfo(context, { _, info, userdata in
            let answer = Unmanaged<Answer>.fromOpaque(userdata!).takeUnretainedValue()
            answer.name = info?.pointee.server_name.map { String(cString: $0) }
            PulseAudio.signalMainloop(UnsafeMutableRawPointer(answer.mainloop))
        }, userdata) else { return nil }
        defer { pulse.operationUnref(operation) }
        while pulse.operationGetState(operation) == PA_OPERATION_RUNNING {
            guard PA_CONTEXT_IS_GOOD(pulse.contextGetState(context)) != 0 else {
                pulse.operationCancel(operation)
                return nil
            }
            pulse.mainloopWait(mainloop)
        }
        return withExtendedLifetime(answer) { answer.name }
    }

    deinit {
        let handles = Handles(pulse: pulse, mainloop: mainloop, context: context)
        if onMainloopThread {
            // The last owner let go in a callback (a stream torn down there took the connection with it):
            // the loop cannot stop itself, so another thread stops and frees it, once the callback is over.
            DispatchQueue.global().async { handles.tearDown() }
        } else {
            handles.tearDown()
        }
    }

    /// The two handles, to stop and free once the connection is gone.
    ///
    /// `@unchecked Sendable`, and why that is safe: made only in `deinit`, when nothing else holds the
    /// connection, and used once, by `tearDown`, on one thread.
    private struct Handles: @unchecked Sendable {
        let pulse: PulseAudio
        let mainloop: OpaquePointer
        let context: OpaquePointer

        func tearDown() {
            pulse.mainloopStop(mainloop)
            pulse.contextSetStateCallback(context, nil, nil)
            pulse.contextDisconnect(context)
            pulse.contextUnref(context)
            pulse.mainloopFree(mainloop)
        }
    }

    /// Takes the mainloop lock; on the mainloop's own thread it is already held (callbacks run with it),
    /// so there it is not taken again: libpulse aborts on that. A stream whose last reference goes in one
    /// of its own callbacks (a skip dropped it while the server said it ran dry) is torn down there.
    func lock() { if !onMainloopThread { pulse.mainloopLock(mainloop) } }
    func unlock() { if !onMainloopThread { pulse.mainloopUnlock(mainloop) } }
    private var onMainloopThread: Bool { pulse.mainloopInThread(mainloop) != 0 }
    /// Sleeps until a callback signals. Call with the lock held.
    func wait() {
        precondition(!onMainloopThread, "a PulseAudio callback must not wait: nothing would wake it")
        pulse.mainloopWait(mainloop)
    }
    func signal() { pulse.mainloopSignal(mainloop, 0) }

    /// The context's last error as libpulse words it. Call with the lock held.
    func lastError(_ call: String) -> PulseError {
        let code = pulse.contextErrno(context)
        if PA_CONTEXT_IS_GOOD(pulse.contextGetState(context)) == 0 {
            return .connectionLost(reason: pulse.message(code))
        }
        return PulseError(call: call, code: code, pulse)
    }

    /// Whether the server is still there. Call with the lock held.
    var isConnected: Bool { PA_CONTEXT_IS_GOOD(pulse.contextGetState(context)) != 0 }
}

extension PulseError {
    /// libpulse's own message for `code`.
    init(call: String, code: Int32, _ pulse: PulseAudio) {
        self = .call(name: call, code: code, message: pulse.message(code))
    }
}

extension PulseConnection: AudioOutput {
    public func openSink(format: AudioFormat, name: String, device: String?, volume: Double?,
                         signals: @escaping @Sendable (any AudioSink, OutputSignal) -> Void) throws(PulseError) -> any AudioSink {
        try PulseStream(connection: self, format: format, name: name, device: device, volume: volume, signals: { signals($0, $1) })
    }
}
