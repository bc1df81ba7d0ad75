import CRubberBand
import PlaybackModel
import SystemAccess

/// Rubber Band's functions, looked up when the first stretcher is made (`SharedLibrary`: a play at 1×
/// never loads the library).
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
private struct RubberBand: @unchecked Sendable {
    typealias State = RubberBandState
    let new: @convention(c) (UInt32, UInt32, RubberBandOptions, Double, Double) -> State?
    let delete: @convention(c) (State?) -> Void
    let reset: @convention(c) (State?) -> Void
    let setMaxProcessSize: @convention(c) (State?, UInt32) -> Void
    let startDelay: @convention(c) (State?) -> UInt32
    let preferredStartPad: @convention(c) (State?) -> UInt32
    let process: @convention(c) (State?, UnsafePointer<UnsafePointer<Float>?>?, UInt32, Int32) -> Void
    let available: @convention(c) (State?) -> Int32
    let retrieve: @convention(c) (State?, UnsafePointer<UnsafeMutablePointer<Float>?>?, UInt32) -> UInt32

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        new = try library.function("rubberband_new")
        delete = try library.function("rubberband_delete")
        reset = try library.function("rubberband_reset")
        setMaxProcessSize = try library.function("rubberband_set_max_process_size")
        startDelay = try library.function("rubberband_get_start_delay")
        preferredStartPad = try library.function("rubberband_get_preferred_start_pad")
        process = try library.function("rubberband_process")
        available = try library.function("rubberband_available")
        retrieve = try library.function("rubberband_retrieve")
    }

    /// Opened once, on first use.
    static let loaded = SharedLibrary.functions("librubberband.so.2", package: "librubberband2", RubberBand.init)
}

/// Changes tempo with the pitch kept: Rubber Band's real-time stretcher, fed the decoder's 16-bit PCM
/// and giving 16-bit PCM at the same rate, `1 / speed` times as long. The only file that calls Rubber Band.
///
/// Its faster engine (R2): the finer one (R3) costs several times the CPU of mpv's scaletempo
/// (docs/performance.md, "Half-speed CPU"). The stretcher's start delay is dropped from its output, so
/// output sample k is input sample k × speed, and the engine's clock needs no correction.
///
/// `@unchecked Sendable`: the playing task alone uses it, one call at a time (as `DecodedTrack`).
final class TimeStretcher: @unchecked Sendable {
    let format: AudioFormat
    let speed: Double
    private let rubberBand: RubberBand
    private let state: RubberBandState
    /// Output frames still to drop: the stretcher's start delay.
    private var toDrop: Int
    /// Frames of sound given and taken (the start pad and delay not counted).
    private var framesIn = 0
    private var framesOut = 0
    /// De-interleaved float buffers, one per channel, allocated once (the output's grown when the
    /// stretcher has more ready than ever before), and the lists of their addresses Rubber Band takes.
    private let input: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private let output: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private var outputCapacity = 0
    /// The most frames handed to one `rubberband_process` call.
    private static let block = 1024

    /// Fails only when Rubber Band's library cannot be loaded.
    init(format: AudioFormat, speed: Double) throws(SharedLibraryMissing) {
        rubberBand = try RubberBand.loaded.get()
        self.format = format
        self.speed = speed
        let options = RubberBandOptionProcessRealTime.rawValue | RubberBandOptionEngineFaster.rawValue
            | RubberBandOptionThreadingNever.rawValue | RubberBandOptionChannelsTogether.rawValue
        // Never null: Rubber Band allocates with C++ `new`, which aborts rather than return nothing.
        state = rubberBand.new(UInt32(format.sampleRate), UInt32(format.channels), RubberBandOptions(Int32(bitPattern: options)), 1 / speed, 1)!
        rubberBand.setMaxProcessSize(state, UInt32(Self.block))
        input = .allocate(capacity: format.channels)
        output = .allocate(capacity: format.channels)
        for channel in 0..<format.channels {
            input[channel] = .allocate(capacity: Self.block)
            output[channel] = nil
        }
        toDrop = 0
        prime()
    }

    /// Ready for sound that does not follow what came before (a seek, a skip, the end of a queue):
    /// the same stretcher, emptied, rather than a new one with its FFT plans made again.
    func reset() {
        rubberBand.reset(state)
        framesIn = 0
        framesOut = 0
        prime()
    }

    /// The pad the stretcher asks for before the first sample, so that sample is not smeared, and the
    /// start delay to drop from its output.
    private func prime() {
        toDrop = Int(rubberBand.startDelay(state))
        let pad = Int(rubberBand.preferredStartPad(state))
        if pad > 0 { feed(zeros: pad) }
    }

    deinit {
        rubberBand.delete(state)
        for channel in 0..<format.channels {
            input[channel]?.deallocate()
            output[channel]?.deallocate()
        }
        input.deallocate()
        output.deallocate()
    }

    /// Stretches interleaved S16LE `bytes`; returns what the stretcher has ready (less than
    /// `bytes / speed` at first, as it fills).
    func process(_ bytes: [UInt8]) -> [UInt8] {
        let channels = format.channels
        let frames = bytes.count / format.bytesPerFrame
        var result: [UInt8] = []
        result.reserveCapacity(Int(Double(bytes.count) / speed) + 4096)
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < frames {
                let count = min(Self.block, frames - done)
                for channel in 0..<channels {
                    let buffer = input[channel]!
                    for frame in 0..<count {
                        let sample = raw.loadUnaligned(fromByteOffset: ((done + frame) * channels + channel) * 2, as: Int16.self)
                        buffer[frame] = Float(Int16(littleEndian: sample)) / 32768
                    }
                }
                run(frames: count, final: false)
                done += count
                collect(into: &result)
            }
        }
        framesIn += frames
        framesOut += result.count / format.bytesPerFrame
        return result
    }

    /// The end of the input: what the stretcher still holds. Real-time mode has no flush of its own,
    /// so silence is fed until the output is as long as the input ÷ speed, and cut there.
    func finish() -> [UInt8] {
        let expected = Int((Double(framesIn) / speed).rounded())
        var result: [UInt8] = []
        var rounds = 0
        while framesOut + result.count / format.bytesPerFrame < expected, rounds < 64 {
            feed(zeros: Self.block)
            collect(into: &result)
            rounds += 1
        }
        let wanted = max(0, expected - framesOut) * format.bytesPerFrame
        if result.count > wanted { result.removeLast(result.count - wanted) }
        framesOut += result.count / format.bytesPerFrame
        return result
    }

    private func feed(zeros frames: Int) {
        for channel in 0..<format.channels { input[channel]!.update(repeating: 0, count: Self.block) }
        var left = frames
        while left > 0 {
            let count = min(Self.block, left)
            run(frames: count, final: false)
            left -= count
        }
    }

    private func run(frames: Int, final: Bool) {
        input.withMemoryRebound(to: UnsafePointer<Float>?.self, capacity: format.channels) { list in
            rubberBand.process(state, list, UInt32(frames), final ? 1 : 0)
        }
    }

    /// Moves every frame the stretcher has ready into `result` as interleaved S16LE, minus the start delay.
    private func collect(into result: inout [UInt8]) {
        let channels = format.channels
        while true {
            let available = Int(rubberBand.available(state))
            guard available > 0 else { return }
            if available > outputCapacity {
                for channel in 0..<channels {
                    output[channel]?.deallocate()
                    output[channel] = .allocate(capacity: available)
                }
                outputCapacity = available
            }
            let retrieved = Int(rubberBand.retrieve(state, output, UInt32(available)))
            let skip = min(toDrop, retrieved)
            toDrop -= skip
            guard retrieved > skip else { continue }
            let start = result.count
            result.append(contentsOf: repeatElement(0, count: (retrieved - skip) * format.bytesPerFrame))
            result.withUnsafeMutableBytes { raw in
                for channel in 0..<channels {
                    let buffer = output[channel]!
                    for frame in skip..<retrieved {
                        let value = Int16((max(-1, min(1, buffer[frame])) * 32767).rounded())
                        raw.storeBytes(of: value.littleEndian, toByteOffset: start + ((frame - skip) * channels + channel) * 2, as: Int16.self)
                    }
                }
            }
        }
    }
}
