import CPulseAudio
import Dispatch
import PlaybackModel

/// A connection to a PulseAudio server: a `pa_threaded_mainloop` and its `pa_context`. With
/// `PulseStream`, the only code that touches CPulseAudio.
///
/// `@unchecked Sendable`, and why that is safe: the handles are created in `init` and freed in `deinit`
/// only; every other use of them happens between `pa_threaded_mainloop_lock` and `unlock`, which is how
/// libpulse makes a context usable from any thread. The C callbacks capture nothing and only signal the
/// mainloop, whose pointer they get as `userdata`.
public final class PulseConnection: @unchecked Sendable {
    let mainloop: OpaquePointer
    let context: OpaquePointer

    /// Connects to `server` (nil: the default server, as `PULSE_SERVER` or the runtime folder says).
    /// Fails at once, never hangs, when no daemon answers.
    public init(server: String? = nil, applicationName: String = "chirper") throws(PulseError) {
        guard let mainloop = pa_threaded_mainloop_new() else { throw PulseError(call: "pa_threaded_mainloop_new", code: 0) }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), applicationName) else {
            pa_threaded_mainloop_free(mainloop)
            throw PulseError(call: "pa_context_new", code: 0)
        }
        self.mainloop = mainloop
        self.context = context
        pa_context_set_state_callback(context, { _, userdata in
            pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
        }, UnsafeMutableRawPointer(mainloop))

        guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw PulseError.notRunning(reason: String(cString: pa_strerror(pa_context_errno(context))))
        }
        guard pa_threaded_mainloop_start(mainloop) >= 0 else { throw PulseError(call: "pa_threaded_mainloop_start", code: 0) }
        lock()
        defer { unlock() }
        while true {
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_READY { break }
            guard PA_CONTEXT_IS_GOOD(state) != 0 else {
                throw PulseError.notRunning(reason: String(cString: pa_strerror(pa_context_errno(context))))
            }
            pa_threaded_mainloop_wait(mainloop)
        }
    }

    deinit {
        let handles = Handles(mainloop: mainloop, context: context)
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
        let mainloop: OpaquePointer
        let context: OpaquePointer

        func tearDown() {
            pa_threaded_mainloop_stop(mainloop)
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
            pa_threaded_mainloop_free(mainloop)
        }
    }

    /// Takes the mainloop lock; on the mainloop's own thread it is already held (callbacks run with it),
    /// so there it is not taken again: libpulse aborts on that. A stream whose last reference goes in one
    /// of its own callbacks (a skip dropped it while the server said it ran dry) is torn down there.
    func lock() { if !onMainloopThread { pa_threaded_mainloop_lock(mainloop) } }
    func unlock() { if !onMainloopThread { pa_threaded_mainloop_unlock(mainloop) } }
    private var onMainloopThread: Bool { pa_threaded_mainloop_in_thread(mainloop) != 0 }
    /// Sleeps until a callback signals. Call with the lock held.
    func wait() {
        precondition(!onMainloopThread, "a PulseAudio callback must not wait: nothing would wake it")
        pa_threaded_mainloop_wait(mainloop)
    }
    func signal() { pa_threaded_mainloop_signal(mainloop, 0) }

    /// The context's last error as libpulse words it. Call with the lock held.
    func lastError(_ call: String) -> PulseError {
        let code = pa_context_errno(context)
        if PA_CONTEXT_IS_GOOD(pa_context_get_state(context)) == 0 {
            return .connectionLost(reason: String(cString: pa_strerror(code)))
        }
        return PulseError(call: call, code: code)
    }

    /// Whether the server is still there. Call with the lock held.
    var isConnected: Bool { PA_CONTEXT_IS_GOOD(pa_context_get_state(context)) != 0 }
}

extension PulseError {
    /// libpulse's own message for `code`.
    init(call: String, code: Int32) {
        self = .call(name: call, code: code, message: String(cString: pa_strerror(code)))
    }
}

extension PulseConnection: AudioOutput {
    public func openSink(format: AudioFormat, name: String, device: String?, volume: Double?,
                         signals: @escaping @Sendable (any AudioSink, OutputSignal) -> Void) throws(PulseError) -> any AudioSink {
        try PulseStream(connection: self, format: format, name: name, device: device, volume: volume, signals: { signals($0, $1) })
    }
}
