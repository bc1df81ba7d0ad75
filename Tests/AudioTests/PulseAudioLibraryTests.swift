@testable import Audio
import CPulseAudio
import SystemAccess
import Testing

/// `PulseAudio`, libpulse's function table: each entry, looked up by name at run time, has the type Swift
/// imports from libpulse's header for that name (else this file does not compile: a wrong parameter
/// would compile in the table and crash at the call), and is the very function the linker binds to that
/// name (a name swapped between two entries of one type fails here). This test binary links libpulse to
/// see the declarations; the player does not.
struct PulseAudioLibraryTests {
    @Test func everyFunctionIsTheOneItsHeaderDeclares() throws {
        let pulse = try PulseAudio.loaded.get()
        same(pulse.mainloopNew, pa_threaded_mainloop_new, "pa_threaded_mainloop_new")
        same(pulse.mainloopFree, pa_threaded_mainloop_free, "pa_threaded_mainloop_free")
        same(pulse.mainloopStart, pa_threaded_mainloop_start, "pa_threaded_mainloop_start")
        same(pulse.mainloopStop, pa_threaded_mainloop_stop, "pa_threaded_mainloop_stop")
        same(pulse.mainloopLock, pa_threaded_mainloop_lock, "pa_threaded_mainloop_lock")
        same(pulse.mainloopUnlock, pa_threaded_mainloop_unlock, "pa_threaded_mainloop_unlock")
        same(pulse.mainloopWait, pa_threaded_mainloop_wait, "pa_threaded_mainloop_wait")
        same(pulse.mainloopSignal, pa_threaded_mainloop_signal, "pa_threaded_mainloop_signal")
        same(pulse.mainloopInThread, pa_threaded_mainloop_in_thread, "pa_threaded_mainloop_in_thread")
        same(pulse.mainloopGetAPI, pa_threaded_mainloop_get_api, "pa_threaded_mainloop_get_api")
        same(pulse.contextNew, pa_context_new, "pa_context_new")
        same(pulse.contextUnref, pa_context_unref, "pa_context_unref")
        same(pulse.contextConnect, pa_context_connect, "pa_context_connect")
        same(pulse.contextDisconnect, pa_context_disconnect, "pa_context_disconnect")
        same(pulse.contextGetState, pa_context_get_state, "pa_context_get_state")
        same(pulse.contextErrno, pa_context_errno, "pa_context_errno")
        same(pulse.contextSetStateCallback, pa_context_set_state_callback, "pa_context_set_state_callback")
        same(pulse.contextGetServerInfo, pa_context_get_server_info, "pa_context_get_server_info")
        same(pulse.contextSetSinkInputVolume, pa_context_set_sink_input_volume, "pa_context_set_sink_input_volume")
        same(pulse.streamNew, pa_stream_new, "pa_stream_new")
        same(pulse.streamUnref, pa_stream_unref, "pa_stream_unref")
        same(pulse.streamConnectPlayback, pa_stream_connect_playback, "pa_stream_connect_playback")
        same(pulse.streamDisconnect, pa_stream_disconnect, "pa_stream_disconnect")
        same(pulse.streamGetState, pa_stream_get_state, "pa_stream_get_state")
        same(pulse.streamGetContext, pa_stream_get_context, "pa_stream_get_context")
        same(pulse.streamGetIndex, pa_stream_get_index, "pa_stream_get_index")
        same(pulse.streamGetBufferAttr, pa_stream_get_buffer_attr, "pa_stream_get_buffer_attr")
        same(pulse.streamSetStateCallback, pa_stream_set_state_callback, "pa_stream_set_state_callback")
        same(pulse.streamSetWriteCallback, pa_stream_set_write_callback, "pa_stream_set_write_callback")
        same(pulse.streamSetUnderflowCallback, pa_stream_set_underflow_callback, "pa_stream_set_underflow_callback")
        same(pulse.streamSetStartedCallback, pa_stream_set_started_callback, "pa_stream_set_started_callback")
        same(pulse.streamWritableSize, pa_stream_writable_size, "pa_stream_writable_size")
        same(pulse.streamWrite, pa_stream_write, "pa_stream_write")
        same(pulse.streamDrain, pa_stream_drain, "pa_stream_drain")
        same(pulse.streamFlush, pa_stream_flush, "pa_stream_flush")
        same(pulse.streamTrigger, pa_stream_trigger, "pa_stream_trigger")
        same(pulse.streamCork, pa_stream_cork, "pa_stream_cork")
        same(pulse.streamGetTime, pa_stream_get_time, "pa_stream_get_time")
        same(pulse.streamGetLatency, pa_stream_get_latency, "pa_stream_get_latency")
        same(pulse.operationUnref, pa_operation_unref, "pa_operation_unref")
        same(pulse.operationCancel, pa_operation_cancel, "pa_operation_cancel")
        same(pulse.operationGetState, pa_operation_get_state, "pa_operation_get_state")
        same(pulse.cvolumeSet, pa_cvolume_set, "pa_cvolume_set")
        same(pulse.strerror, pa_strerror, "pa_strerror")
        #expect(pulse.message(0) == "OK")
    }

    /// Both `@convention(c)` values of one type `F`: the compiler checks the type, this the address.
    private func same<F>(_ looked: F, _ declared: F, _ name: String) {
        #expect(SharedLibrary.same(looked, declared) == true, "\(name): \(F.self)")
    }
}
