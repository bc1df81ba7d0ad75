import CPulseAudio
import SystemAccess

/// libpulse's functions, looked up when the first connection is made (`SharedLibrary`), not linked.
///
/// Why: libpulse brings 30 libraries (libsndfile and its codecs, libsystemd, libxcb, libdbus, …) whose
/// loading, linked, would delay every start before `main` (docs/performance.md, "Time to first sound"),
/// in front of everything a play does, the HTTP request first. Opened on the thread that
/// connects to the sound server, that time overlaps the request (`StartWork`), as mpg123's does (it
/// opens its output module once it has sound); `search`, `info` and `--help` never load it.
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
struct PulseAudio: @unchecked Sendable {
    typealias Mainloop = OpaquePointer
    typealias Context = OpaquePointer
    typealias Stream = OpaquePointer
    typealias Operation = OpaquePointer

    // The threaded mainloop.
    let mainloopNew: @convention(c) () -> Mainloop?
    let mainloopFree: @convention(c) (Mainloop?) -> Void
    let mainloopStart: @convention(c) (Mainloop?) -> Int32
    let mainloopStop: @convention(c) (Mainloop?) -> Void
    let mainloopLock: @convention(c) (Mainloop?) -> Void
    let mainloopUnlock: @convention(c) (Mainloop?) -> Void
    let mainloopWait: @convention(c) (Mainloop?) -> Void
    let mainloopSignal: @convention(c) (Mainloop?, Int32) -> Void
    let mainloopInThread: @convention(c) (Mainloop?) -> Int32
    let mainloopGetAPI: @convention(c) (Mainloop?) -> UnsafeMutablePointer<pa_mainloop_api>?

    // The context.
    let contextNew: @convention(c) (UnsafeMutablePointer<pa_mainloop_api>?, UnsafePointer<CChar>?) -> Context?
    let contextUnref: @convention(c) (Context?) -> Void
    let contextConnect: @convention(c) (Context?, UnsafePointer<CChar>?, pa_context_flags_t, UnsafePointer<pa_spawn_api>?) -> Int32
    let contextDisconnect: @convention(c) (Context?) -> Void
    let contextGetState: @convention(c) (Context?) -> pa_context_state_t
    let contextErrno: @convention(c) (Context?) -> Int32
    let contextSetStateCallback: @convention(c) (Context?, pa_context_notify_cb_t?, UnsafeMutableRawPointer?) -> Void
    let contextGetServerInfo: @convention(c) (Context?, pa_server_info_cb_t?, UnsafeMutableRawPointer?) -> Operation?
    let contextSetSinkInputVolume: @convention(c) (Context?, UInt32, UnsafePointer<pa_cvolume>?, pa_context_success_cb_t?, UnsafeMutableRawPointer?) -> Operation?

    // Streams.
    let streamNew: @convention(c) (Context?, UnsafePointer<CChar>?, UnsafePointer<pa_sample_spec>?, UnsafePointer<pa_channel_map>?) -> Stream?
    let streamUnref: @convention(c) (Stream?) -> Void
    let streamConnectPlayback: @convention(c) (Stream?, UnsafePointer<CChar>?, UnsafePointer<pa_buffer_attr>?, pa_stream_flags_t, UnsafePointer<pa_cvolume>?, Stream?) -> Int32
    let streamDisconnect: @convention(c) (Stream?) -> Int32
    let streamGetState: @convention(c) (Stream?) -> pa_stream_state_t
    let streamGetContext: @convention(c) (Stream?) -> Context?
    let streamGetIndex: @convention(c) (Stream?) -> UInt32
    let streamGetBufferAttr: @convention(c) (Stream?) -> UnsafePointer<pa_buffer_attr>?
    let streamSetStateCallback: @convention(c) (Stream?, pa_stream_notify_cb_t?, UnsafeMutableRawPointer?) -> Void
    let streamSetWriteCallback: @convention(c) (Stream?, pa_stream_request_cb_t?, UnsafeMutableRawPointer?) -> Void
    let streamSetUnderflowCallback: @convention(c) (Stream?, pa_stream_notify_cb_t?, UnsafeMutableRawPointer?) -> Void
    let streamSetStartedCallback: @convention(c) (Stream?, pa_stream_notify_cb_t?, UnsafeMutableRawPointer?) -> Void
    let streamWritableSize: @convention(c) (Stream?) -> Int
    let streamWrite: @convention(c) (Stream?, UnsafeRawPointer?, Int, pa_free_cb_t?, Int64, pa_seek_mode_t) -> Int32
    let streamDrain: @convention(c) (Stream?, pa_stream_success_cb_t?, UnsafeMutableRawPointer?) -> Operation?
    let streamFlush: @convention(c) (Stream?, pa_stream_success_cb_t?, UnsafeMutableRawPointer?) -> Operation?
    let streamTrigger: @convention(c) (Stream?, pa_stream_success_cb_t?, UnsafeMutableRawPointer?) -> Operation?
    let streamCork: @convention(c) (Stream?, Int32, pa_stream_success_cb_t?, UnsafeMutableRawPointer?) -> Operation?
    let streamGetTime: @convention(c) (Stream?, UnsafeMutablePointer<pa_usec_t>?) -> Int32
    let streamGetLatency: @convention(c) (Stream?, UnsafeMutablePointer<pa_usec_t>?, UnsafeMutablePointer<Int32>?) -> Int32

    // Operations, volumes, errors.
    let operationUnref: @convention(c) (Operation?) -> Void
    let operationCancel: @convention(c) (Operation?) -> Void
    let operationGetState: @convention(c) (Operation?) -> pa_operation_state_t
    let cvolumeSet: @convention(c) (UnsafeMutablePointer<pa_cvolume>?, UInt32, pa_volume_t) -> UnsafeMutablePointer<pa_cvolume>?
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        mainloopNew = try library.function("pa_threaded_mainloop_new")
        mainloopFree = try library.function("pa_threaded_mainloop_free")
        mainloopStart = try library.function("pa_threaded_mainloop_start")
        mainloopStop = try library.function("pa_threaded_mainloop_stop")
        mainloopLock = try library.function("pa_threaded_mainloop_lock")
        mainloopUnlock = try library.function("pa_threaded_mainloop_unlock")
        mainloopWait = try library.function("pa_threaded_mainloop_wait")
        mainloopSignal = try library.function("pa_threaded_mainloop_signal")
        mainloopInThread = try library.function("pa_threaded_mainloop_in_thread")
        mainloopGetAPI = try library.function("pa_threaded_mainloop_get_api")
        contextNew = try library.function("pa_context_new")
        contextUnref = try library.function("pa_context_unref")
        contextConnect = try library.function("pa_context_connect")
        contextDisconnect = try library.function("pa_context_disconnect")
        contextGetState = try library.function("pa_context_get_state")
        contextErrno = try library.function("pa_context_errno")
        contextSetStateCallback = try library.function("pa_context_set_state_callback")
        contextGetServerInfo = try library.function("pa_context_get_server_info")
        contextSetSinkInputVolume = try library.function("pa_context_set_sink_input_volume")
        streamNew = try library.function("pa_stream_new")
        streamUnref = try library.function("pa_stream_unref")
        streamConnectPlayback = try library.function("pa_stream_connect_playback")
        streamDisconnect = try library.function("pa_stream_disconnect")
        streamGetState = try library.function("pa_stream_get_state")
        streamGetContext = try library.function("pa_stream_get_context")
        streamGetIndex = try library.function("pa_stream_get_index")
        streamGetBufferAttr = try library.function("pa_stream_get_buffer_attr")
        streamSetStateCallback = try library.function("pa_stream_set_state_callback")
        streamSetWriteCallback = try library.function("pa_stream_set_write_callback")
        streamSetUnderflowCallback = try library.function("pa_stream_set_underflow_callback")
        streamSetStartedCallback = try library.function("pa_stream_set_started_callback")
        streamWritableSize = try library.function("pa_stream_writable_size")
        streamWrite = try library.function("pa_stream_write")
        streamDrain = try library.function("pa_stream_drain")
        streamFlush = try library.function("pa_stream_flush")
        streamTrigger = try library.function("pa_stream_trigger")
        streamCork = try library.function("pa_stream_cork")
        streamGetTime = try library.function("pa_stream_get_time")
        streamGetLatency = try library.function("pa_stream_get_latency")
        operationUnref = try library.function("pa_operation_unref")
        operationCancel = try library.function("pa_operation_cancel")
        operationGetState = try library.function("pa_operation_get_state")
        cvolumeSet = try library.function("pa_cvolume_set")
        strerror = try library.function("pa_strerror")
    }

    /// Opened once, by the first connection.
    static let loaded = SharedLibrary.functions("libpulse.so.0", package: "libpulse0", PulseAudio.init)

    /// The table, for a C callback: it runs only on libpulse's thread, so the library is loaded.
    static var inCallback: PulseAudio? { try? loaded.get() }

    /// What C callbacks do: wake the thread waiting on the mainloop that `userdata` points to.
    static func signalMainloop(_ userdata: UnsafeMutableRawPointer?) {
        inCallback?.mainloopSignal(OpaquePointer(userdata), 0)
    }

    /// libpulse's words for `code`.
    func message(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
