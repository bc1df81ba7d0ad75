import AsyncHTTPClient
import ChirperHTTP
import Foundation
import Synchronization

/// Plays one recording at a time: bytes from HTTP or a file → `MP3Decoder` → `PulseStream`, reporting
/// `PlaybackEvent`s as it goes. Decoding starts with the first bytes and sound starts after the first
/// decoded frames, not after the download. Blocking PulseAudio calls run off the Swift concurrency pool.
public final class Player: Sendable {
    public struct Options: Sendable {
        public var server: String?
        public var device: String?
        /// 0...1 of full volume; nil leaves the server's choice.
        public var volume: Double?
        /// Where whole downloads are kept and replays come from; nil: no cache.
        public var cache: AudioCache?

        public init(server: String? = nil, device: String? = nil, volume: Double? = nil, cache: AudioCache? = nil) {
            self.server = server
            self.device = device
            self.volume = volume
            self.cache = cache
        }
    }

    /// How a `play` call ended.
    public enum Outcome: Equatable, Sendable {
        case finished
        case stopped
        case failed(PlaybackError)
    }

    public let options: Options
    private let client: HTTPClient
    private struct Control {
        var stream: PulseStream?
        var stopped = false
        var paused = false
        /// The running play's event sink: pause and resume come from other tasks and report there too.
        var events: (@Sendable (PlaybackEvent) -> Void)?
    }
    private let control = Mutex(Control())
    /// Bytes the start-up buffer counts toward "buffering 42 %": about a second of a typical MP3.
    static let startupBytes = 16 * 1024
    /// The most PCM handed to PulseAudio in one write.
    static let pieceBytes = 8 * 1024

    public init(options: Options = .init(), client: HTTPClient = .chirper) {
        self.options = options
        self.client = client
    }

    /// Plays `source` to the end, a stop, or a failure. `duration` is the fallback length (from the
    /// API) when the stream does not say. Events come from the playing task, except `.paused` and
    /// `.resumed`, which come from the task that called `setPaused`.
    public func play(_ source: AudioSource, name: String, duration: Double? = nil,
                     events: @escaping @Sendable (PlaybackEvent) -> Void) async -> Outcome {
        control.withLock { $0 = Control(events: events) }
        events(.buffering(progress: 0))
        // Connect to the sound server while the HTTP request is on its way.
        let server = options.server
        let connecting = Task { try await Blocking.run { try PulseConnection(server: server) } }
        let outcome: Outcome
        do {
            var reader = try await TrackInput.open(source, client: client, cache: options.cache)
            reader.onReconnect = { _ in events(.buffering(progress: nil)) }
            let connection = try await connecting.value
            outcome = try await stream(&reader, connection: connection, name: name, duration: duration, events: events)
        } catch {
            _ = try? await connecting.value
            outcome = stopped ? .stopped : .failed(PlaybackError(error))
        }
        control.withLock {
            $0.stream = nil
            $0.events = nil
        }
        switch outcome {
        case .finished: events(.finished)
        case .failed(let error): events(.failed(error))
        case .stopped: break
        }
        return outcome
    }

    /// Pauses or resumes (a cork: what is queued stays queued), and reports it as an event once the
    /// server has done it.
    public func setPaused(_ paused: Bool) async -> Bool {
        let (stream, events) = control.withLock { state in
            state.paused = paused
            return (state.stream, state.events)
        }
        guard let stream, (try? await Blocking.run { try stream.setPaused(paused) }) != nil else { return false }
        events?(paused ? .paused : .resumed)
        return true
    }

    public var isPaused: Bool { control.withLock { $0.paused } }

    /// Stops at once: a blocked write or drain returns, `play` returns `.stopped`.
    public func stop() {
        let stream = control.withLock { state -> PulseStream? in
            state.stopped = true
            return state.stream
        }
        stream?.cancel()
    }

    public func setVolume(_ volume: Double) async {
        guard let stream = control.withLock({ $0.stream }) else { return }
        _ = try? await Blocking.run { try stream.setVolume(volume) }
    }

    private var stopped: Bool { control.withLock { $0.stopped } }

    private func stream(_ reader: inout TrackInput, connection: PulseConnection, name: String, duration fallback: Double?,
                        events: (PlaybackEvent) -> Void) async throws -> Outcome {
        var decoder = try MP3Decoder()
        if let size = reader.size { decoder.setStreamSize(size) }
        var output: PulseStream?
        var started = false
        var status = StatusReporter()
        var playedBefore = 0.0  // seconds played by earlier streams, when the format changed mid-file
        // Small writes: `write` returns once the server holds the bytes, so an 8 KiB piece (≤ 93 ms at
        // 44.1 kHz mono) keeps the "started" and position events within a tenth of a second of the sound.
        var pcm = [UInt8](repeating: 0, count: Self.pieceBytes)
        var inputError: PlaybackError?

        reading: while true {
            if stopped { return .stopped }
            let chunk: [UInt8]?
            do { chunk = try await reader.next() } catch {
                inputError = error
                break reading
            }
            guard let chunk else { break reading }
            do { try chunk.withUnsafeBytes { try decoder.feed($0) } } catch {
                throw PlaybackError(error, played: playedBefore + (output?.playedSeconds ?? 0))
            }
            if !started { events(.buffering(progress: min(1, Double(decoder.bytesFed) / Double(Self.startupBytes)))) }

            decoding: while true {
                let result: MP3Decoder.Output
                do { result = try pcm.withUnsafeMutableBytes { try decoder.decode(into: $0) } } catch {
                    throw PlaybackError(error, played: playedBefore + (output?.playedSeconds ?? 0))
                }
                switch result {
                case .needMore:
                    break decoding
                case .newFormat(let format):
                    guard output?.format != format else { continue }
                    if let previous = output {
                        try await finishStream(previous)
                        playedBefore += previous.playedSeconds
                    }
                    let opened = try await openStream(connection, format: format, name: name)
                    output = opened
                case .pcm(let count):
                    guard let output else { continue }
                    let bytes = Array(pcm[0..<count])
                    try await Blocking.run { try bytes.withUnsafeBytes { try output.write($0) } }
                    if !started {
                        started = true
                        events(.started(duration: decoder.duration ?? fallback))
                    }
                    let played = playedBefore + output.playedSeconds
                    if let event = status.afterWrite(starvedFor: output.starvedFor, elapsed: played, duration: decoder.duration ?? fallback) {
                        events(event)
                    }
                }
            }
        }
        // The input has ended (or broke): play out what was decoded, then say how it ended.
        if let output {
            if !started {
                started = true
                events(.started(duration: decoder.duration ?? fallback))
            }
            try await finishStream(output)
            events(.position(elapsed: playedBefore + output.playedSeconds, duration: decoder.duration ?? fallback))
        }
        if let inputError { throw inputError }
        do { try decoder.finish() } catch {
            throw PlaybackError(error, played: playedBefore + (output?.playedSeconds ?? 0))
        }
        return .finished
    }

    private func openStream(_ connection: PulseConnection, format: AudioFormat, name: String) async throws -> PulseStream {
        let (device, volume) = (options.device, options.volume)
        let stream = try await Blocking.run {
            try PulseStream(connection: connection, format: format, name: name, device: device, volume: volume)
        }
        let pausedAlready = control.withLock { state -> Bool in
            state.stream = stream
            return state.paused
        }
        if stopped { stream.cancel() }
        if pausedAlready { _ = try? await Blocking.run { try stream.setPaused(true) } }
        return stream
    }

    /// Starts playback even if less than the start-up buffer was queued, and waits for the end.
    private func finishStream(_ stream: PulseStream) async throws {
        try await Blocking.run {
            try stream.trigger()
            try stream.drain()
        }
    }
}

extension PlaybackError {
    /// Any failure of the pipeline, in the listener's words.
    init(_ error: any Error, played: Double = 0) {
        switch error {
        case let error as PlaybackError: self = error
        case let error as DecoderError: self.init(decoder: error, played: played)
        case let error as PulseError: self = .output(reason: error.description)
        default: self = .decoder(reason: "\(error)")
        }
    }

    init(decoder error: DecoderError, played: Double) {
        switch error {
        case .notMPEGAudio, .emptyStream: self = .notAnMP3(detail: error.description.replacingOccurrences(of: "not an MP3 stream: ", with: ""))
        case .truncated: self = .truncated(playedSeconds: played)
        case .library(_, _, let message): self = .decoder(reason: message)
        case .wav(let problem): self = .unsupported(detail: problem.description)
        }
    }
}

/// Runs blocking work (PulseAudio's waits) on a thread outside the Swift concurrency pool.
enum Blocking {
    static let queue = DispatchQueue(label: "chirper.blocking", qos: .userInitiated, attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
