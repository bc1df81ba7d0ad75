import ChirperHTTP
import Dispatch
import FoundationEssentials
import PlaybackModel

extension PlaybackEngine {
    /// The output pipeline, and what lives from one track to the next: the output stream (kept while
    /// the format and speed stay the same), how much has been written to it, the time-stretcher (when
    /// the speed keeps the pitch), and the prefetch of the next track. It knows nothing of the engine:
    /// what it needs from above and what it reports go through its `Wiring`.
    struct Session {
        /// Given once by the engine: where a new stream plays and how loud, and where the pipeline
        /// reports a stream opened (to be corked or cancelled as the state says before sound goes in)
        /// and the stream's signals.
        struct Wiring: Sendable {
            let device: String?
            let volume: @Sendable () -> Double?
            let opened: @Sendable (SinkHandle) async -> Void
            let signals: @Sendable (any AudioSink, OutputSignal) -> Void
        }

        let cache: AudioCache?
        let track: @Sendable (Int) async -> Track?
        let wiring: Wiring
        private(set) var output: (any AudioSink)?
        /// Seconds written to `output` (its clock runs up to this).
        var written = 0.0 { didSet { heardOut = false } }
        /// Whether `finish` has let everything written be heard.
        private var heardOut = false
        /// The decoder's format.
        private(set) var source: AudioFormat?
        /// Recording seconds per second of output: the speed, as exactly as the output runs it.
        private(set) var rate = 1.0
        /// Stretches the sound when the speed keeps the pitch (nil at normal speed and on tape).
        private var stretcher: TimeStretcher?
        /// The output's time at which the next sample given to `write(pcm:)` will be heard: `written`,
        /// plus what the stretcher holds.
        private(set) var inputEnd = 0.0
        private var prefetched: (index: Int, task: Task<Result<DecodedTrack, PlaybackError>?, Never>)?

        init(cache: AudioCache?, track: @escaping @Sendable (Int) async -> Track?, wiring: Wiring) {
            self.cache = cache
            self.track = track
            self.wiring = wiring
        }

        /// Track `index`, from the prefetch when it is the one prefetched, else opened now (with `begun`,
        /// its request already on its way, when there is one).
        mutating func take(_ index: Int, _ track: Track, begun: HTTPGet.Begun? = nil) async -> Result<DecodedTrack, PlaybackError> {
            if let prefetched, prefetched.index == index, let result = await prefetched.task.value {
                self.prefetched = nil
                return result
            }
            cancelPrefetch()
            do { return .success(try await DecodedTrack.open(track.source, cache: cache, begun: begun)) } catch { return .failure(error) }
        }

        /// Starts opening track `index` and decoding its first seconds, once.
        mutating func prefetch(_ index: Int) {
            guard prefetched?.index != index else { return }
            cancelPrefetch()
            let (cache, track) = (cache, self.track)
            prefetched = (index, Task {
                guard let next = await track(index) else { return nil }
                do throws(PlaybackError) {
                    let decoded = try await DecodedTrack.open(next.source, cache: cache, patient: true)
                    try await decoded.decodeAhead(seconds: PlaybackEngine.prefetchSeconds)
                    return .success(decoded)
                } catch {
                    return .failure(error)
                }
            })
        }

        mutating func cancelPrefetch() {
            prefetched?.task.cancel()
            prefetched = nil
        }

        /// Makes sure the output plays `format` at `speed`. On tape the stream runs at the sample rate ×
        /// the speed, so pitch follows; pitch kept, the stretcher makes the sound longer or shorter at the
        /// same rate. What a stretcher still holds of the sound before is played first.
        mutating func use(_ format: AudioFormat, speed: PlaybackSpeed, connection: any AudioOutput) async throws {
            let stretches = !speed.tape && !speed.isNormal
            if let stretcher, !(stretches && stretcher.format == format && stretcher.speed == speed.rate) {
                let tail = stretcher.finish()
                self.stretcher = nil
                try await write(tail)
            }
            source = format
            let streamBefore = self.output
            let stretcherBefore = stretcher
            let output = speed.tape
                ? AudioFormat(sampleRate: max(1, Int((Double(format.sampleRate) * speed.rate).rounded())), channels: format.channels)
                : format
            rate = speed.tape ? Double(output.sampleRate) / Double(format.sampleRate) : speed.rate
            if stretches && stretcher == nil { stretcher = try TimeStretcher(format: format, speed: speed.rate) }
            try await use(output, connection: connection)
            // Sound fed from here on is heard after what is written, unless a stretcher carried over into
            // the same stream still holds some (a gapless join at a pitch-kept speed).
            if stretcher == nil || stretcher !== stretcherBefore || self.output !== streamBefore { inputEnd = written }
        }

        /// Makes sure the output plays `format`: the same stream when it already does (gapless). Else a
        /// new stream starts at once with as much silence as the old one has still to play, so the new
        /// track's first sample follows the old one's last without waiting for a drain to be confirmed
        /// (which the server reports only at the end of a mixing period, tens of milliseconds late).
        /// The old stream plays out on its own and is let go when drained.
        private mutating func use(_ format: AudioFormat, connection: any AudioOutput) async throws {
            if output?.format == format { return }
            let (volume, device, signals) = (wiring.volume(), wiring.device, wiring.signals)
            let stream = try await Blocking.run {
                try connection.openSink(format: format, name: "chirper", device: device, volume: volume, signals: signals)
            }
            await wiring.opened(SinkHandle(stream))  // corked if paused, cancelled if stopped meanwhile
            let previous = output
            output = stream
            written = 0
            guard let previous else { return }
            let remaining = try await Blocking.run { () throws -> Double in
                try previous.trigger()
                return previous.latencySeconds
            }
            Task { _ = try? await Blocking.run { try previous.drain() } }
            try await write([UInt8](repeating: 0, count: Int(remaining * Double(format.sampleRate)) * format.bytesPerFrame))
        }

        /// Drops what is queued and not yet heard (a skip or a seek: the old sound must stop at once);
        /// the stream's clock stays where the listener is.
        mutating func dropQueued() async throws {
            stretcher?.reset()
            guard let output else { return }
            try await Blocking.run { try output.flush() }
            written = output.playedSeconds
            inputEnd = written
        }

        /// Sound from the decoder: stretched when the speed keeps the pitch (on the writing thread: the
        /// stretcher's work is not the task pool's), else as it is.
        mutating func write(pcm bytes: [UInt8]) async throws {
            guard let stretcher, let output, let source else {
                try await write(bytes)
                inputEnd = written
                return
            }
            let count = try await Blocking.run { () throws -> Int in
                let stretched = stretcher.process(bytes)
                try stretched.withUnsafeBytes { try output.write($0) }
                return stretched.count
            }
            written += Double(count) / Double(output.format.bytesPerFrame * output.format.sampleRate)
            inputEnd += Double(bytes.count) / Double(source.bytesPerFrame * source.sampleRate) / rate
        }

        /// PCM as the output takes it.
        private mutating func write(_ bytes: [UInt8]) async throws {
            guard let output, !bytes.isEmpty else { return }
            try await Blocking.run { try bytes.withUnsafeBytes { try output.write($0) } }
            written += Double(bytes.count) / Double(output.format.bytesPerFrame * output.format.sampleRate)
        }

        /// Plays what is queued now, even if less than the stream waits for before it starts.
        func startPlaying() async throws {
            if let output { try await Blocking.run { try output.trigger() } }
        }

        /// Lets what is queued be heard to its end (the end of the queue, or before a gap), the
        /// stretcher's last sound included.
        mutating func finish() async {
            guard !heardOut else { return }  // nothing written since: a drain would only wait for the server
            heardOut = true
            if let stretcher {
                let tail = stretcher.finish()
                stretcher.reset()
                try? await write(tail)
                inputEnd = written
            }
            if let output { _ = try? await Blocking.run { try output.trigger(); try output.drain() } }
        }
    }
}
