import ChirperHTTP
import Dispatch
import FoundationEssentials
import PlaybackModel
import Synchronization

/// The one playback engine: `play` (a queue of one track), `queue`, browse's Enter and a, each through
/// the same input, decoder and output. Tracks play one after another through one PulseAudio connection.
/// While a track plays, the next is opened and its first seconds decoded (prefetch), so it starts
/// without a wait; when two tracks share a format the second goes into the same stream, sample after
/// sample, with no gap at all. Memory holds at most the current track and the next one's head.
///
/// What it is doing is one `EngineState` value, changed only by `EngineState.handle`, whose actions
/// (cork, cancel, report) are run here.
public final class PlaybackEngine: Sendable {
    public struct Options: Sendable {
        public var server: String?
        public var device: String?
        /// 0...1 of full volume; nil leaves the server's choice.
        public var volume: Double?
        /// Where whole downloads are kept and replays come from; nil: no cache.
        public var cache: AudioCache?
        /// The speed every track starts at (keys change it for the rest of the queue).
        public var speed: PlaybackSpeed
        /// A section each track loops (`--loop`): the track starts at its start.
        public var loop: LoopSection?
        /// Where the sound goes instead of the sound server (an in-memory output, in tests); nil: the
        /// PulseAudio server `server` names.
        public var output: (any AudioOutput)?

        public init(server: String? = nil, device: String? = nil, volume: Double? = nil, cache: AudioCache? = nil,
                    speed: PlaybackSpeed = .normal, loop: LoopSection? = nil, output: (any AudioOutput)? = nil) {
            self.server = server
            self.device = device
            self.volume = volume
            self.cache = cache
            self.speed = speed
            self.loop = loop
            self.output = output
        }
    }

    public struct Track: Sendable, Equatable {
        public var id: String
        public var source: AudioSource
        /// The length the API gave, used when the stream does not say.
        public var duration: Double?

        public init(id: String, source: AudioSource, duration: Double?) {
            self.id = id
            self.source = source
            self.duration = duration
        }
    }

    /// What the listener asks of the playing queue.
    public enum Command: Sendable, Equatable {
        case next
        /// The previous track, or the start of this one when more than 3 s in.
        case previous
        /// Seconds forward (or back, negative) in the playing track.
        case seek(by: Double)
        /// Slower, faster, back to normal, tape or pitch kept: for the rest of the queue.
        case speed(PlaybackSpeed.Change)
        /// `l`: the loop's start, then its end (and looping), then none.
        case markLoop
        /// Track `index` of the queue from `seconds` into it (compare's Tab: the other recording, at the
        /// same point of its length).
        case play(index: Int, from: Double)
    }

    /// How the queue went, for the summary.
    public struct Report: Sendable {
        public var played: [(index: Int, seconds: Double)] = []
        public var failed: [(index: Int, error: PlaybackError)] = []
        /// Ended by `stop()` (q, Ctrl-C), not by running out of tracks.
        public var stopped = false
        /// Seconds heard in all.
        public var listened: Double { played.reduce(0) { $0 + $1.seconds } }
        /// The sound server went away: the queue stopped short of its end.
        public var lostTheSoundServer: Bool { failed.contains { if case .output = $0.error { true } else { false } } }
    }

    /// How one recording's play ended (a queue of one).
    public enum Outcome: Equatable, Sendable {
        case finished
        case stopped
        case failed(PlaybackError)
    }

    public let options: Options
    /// Seconds of the next track decoded ahead while the current one plays.
    static let prefetchSeconds = 2.0
    /// The next track is opened when the current one has this much left (or at once if its length is not known).
    static let prefetchBeforeEnd = 8.0

    /// The state, and beside it what is not state: the listener's commands not yet taken (a mailbox),
    /// the volume for streams to come, and where events go.
    struct Control {
        var state = EngineState<SinkHandle>.idle
        var commands: [Command] = []
        var volume: Double?
        var events: (@Sendable (Playing, PlaybackEvent) -> Void)?
        /// The track's last position reported or due (elapsed, duration), said again when sound returns.
        var position: (elapsed: Double, duration: Double?)?
        /// Speed and loop in force.
        var settings: ListeningSettings
    }
    let control: Mutex<Control>

    public init(options: Options = .init()) {
        self.options = options
        control = Mutex(Control(volume: options.volume,
                                settings: ListeningSettings(speed: options.speed, loop: options.loop.map { .looping($0) } ?? .none)))
    }

    /// Changes the state. Reports go out here, under the lock, so the listener hears them in the order
    /// of the transitions, whichever thread made them (the loop, a stream callback, a key); a timer is
    /// started; the stream calls are returned, to be made outside the lock.
    @discardableResult
    private func transition(_ event: EngineState<SinkHandle>.Event) -> [EngineState<SinkHandle>.Action] {
        control.withLock { control in
            var calls: [EngineState<SinkHandle>.Action] = []
            for action in control.state.handle(event) {
                switch action {
                case .report(let track, let event):
                    control.events?(track, event)
                case .reportPosition(let track):
                    if let (elapsed, duration) = control.position { control.events?(track, .position(elapsed: elapsed, duration: duration)) }
                case .schedule(let later, let delay):
                    Task { [weak self] in
                        try? await Task.sleep(for: delay)
                        self?.transition(later)
                    }
                case .cork, .cancel:
                    calls.append(action)
                }
            }
            return calls
        }
    }

    /// A transition, then its stream calls. Corks go through one serial queue and each applies the
    /// state of the moment, not the one it was asked in: keys pressed quickly (space, space) may ask in
    /// one order and reach the server in another, and the stream must end as the state says.
    func handle(_ event: EngineState<SinkHandle>.Event) async {
        for call in transition(event) {
            switch call {
            case .cork(let output, _):
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    Self.corks.async {
                        let paused = self.control.withLock { $0.state.isPaused }
                        try? output.sink.setPaused(paused)
                        done.resume()
                    }
                }
            case .cancel(let output): output.sink.cancel()
            case .report, .reportPosition, .schedule: break
            }
        }
    }

    /// Where cork calls run, one at a time, in the order they were asked.
    private static let corks = DispatchQueue(label: "chirper.cork")

    /// The stream's callbacks, on PulseAudio's thread with its lock held: a transition that makes no
    /// stream call (only pause and stop do), so nothing here waits or calls into PulseAudio.
    func outputSignal(_ sink: any AudioSink, _ signal: OutputSignal) {
        switch signal {
        case .ranDry(let episode): transition(.outputRanDry(SinkHandle(sink), episode: episode))
        case .started: transition(.outputStarted(SinkHandle(sink)))
        }
    }

    /// An event about `track`, in order with the transitions' reports.
    private func report(_ track: Playing, _ event: PlaybackEvent) {
        control.withLock { $0.events?(track, event) }
    }

    /// The position after a write (a piece, about half a second), at most every quarter second, while
    /// the track is heard (not while it opens, buffers or is paused: the state says), and kept to be
    /// said again when it is heard again.
    private func reportPosition(_ track: Playing, elapsed: Double, duration: Double?, status: inout StatusReporter) {
        control.withLock { control in
            control.position = (elapsed, duration)
            guard control.state.isSounding, let event = status.position(elapsed: elapsed, duration: duration) else { return }
            control.events?(track, event)
        }
    }

    // MARK: Controls (from any task)

    public func send(_ command: Command) {
        let output = control.withLock { control -> SinkHandle? in
            Self.add(command, to: &control.commands)
            return control.state.output
        }
        // Every command drops what is queued: the write waiting for room need not finish first.
        output?.sink.interruptWrite()
    }

    /// Stops at once: the write in progress returns, `play` returns with `stopped` set. (No task is
    /// waited for: the cancel is immediate and safe from a signal handler's task.)
    public func stop() {
        for case .cancel(let output) in transition(.stop) { output.sink.cancel() }
    }

    /// Pauses or resumes (cork), and reports it on the playing track. False when nothing plays or is held.
    @discardableResult
    public func setPaused(_ paused: Bool) async -> Bool {
        guard control.withLock({ $0.state.output != nil || $0.state.track != nil }) else { return false }
        await handle(.pause(paused))
        return true
    }

    /// Pauses when playing, resumes when paused (space), decided on the state of the moment.
    public func togglePause() async {
        await handle(.togglePause)
    }

    /// Volume 0...1, kept for the tracks that follow. Returns the new volume.
    @discardableResult
    public func changeVolume(by step: Double) async -> Double {
        let (output, volume) = control.withLock { control in
            let volume = min(1, max(0, (control.volume ?? 1) + step))
            control.volume = volume
            return (control.state.output, volume)
        }
        if let output { _ = try? await Blocking.run { try output.sink.setVolume(volume) } }
        return volume
    }

    private var stopped: Bool { control.withLock { $0.state.isStopped } }

    // MARK: Playing

    /// Plays one recording to the end, a stop, or a failure: a queue of one track.
    public func play(_ source: AudioSource, duration: Double? = nil,
                     events: @escaping @Sendable (PlaybackEvent) -> Void) async -> Outcome {
        let track = Track(id: "", source: source, duration: duration)
        let report = await play(track: { $0 == 0 ? track : nil }, events: { events($1) })
        if let failure = report.failed.first { return .failed(failure.error) }
        return report.stopped ? .stopped : .finished
    }

    /// Plays track `start`, then the ones after it, until `track(index)` has none, `stop()`, or the
    /// sound server fails. `track` may wait (for a page of results to load); it is asked again for the
    /// same index, so it must answer the same. `gap`: seconds of silence between tracks, told to
    /// `gapLeft` each whole second (12, 11, … 1) and ended at once by `stop()`.
    public func play(from start: Int = 0, gap: Double = 0, track: @escaping @Sendable (Int) async -> Track?,
                     gapLeft: @escaping @Sendable (Int) -> Void = { _ in },
                     events: @escaping @Sendable (Playing, PlaybackEvent) -> Void) async -> Report {
        control.withLock { $0.events = events }
        let (server, memory) = (options.server, options.output)
        let connecting = Task { () async throws -> any AudioOutput in
            if let memory { return memory }
            return try await StartWork.connection(server: server)
        }
        var session = Session(cache: options.cache, track: track)
        var report = Report()
        var index = start
        // Where the next track starts, when a command asked for a point inside it.
        var startAt: Double?
        // The track after a finished one, asked for once to know whether the queue ends there.
        var following: (index: Int, track: Track?)?

        queue: while !stopped {
            let asked: Track?
            if let following, following.index == index { asked = following.track } else { asked = await track(index) }
            following = nil
            guard let next = asked else { break }
            let playing = Playing(index: index, id: next.id)
            control.withLock { $0.position = nil }
            await handle(.trackBegan(playing))
            let events = { @Sendable [weak self] (event: PlaybackEvent) in self?.report(playing, event); return }
            let opened = await session.take(index, next)
            let decoded: DecodedTrack
            switch opened {
            case .success(let track): decoded = track
            case .failure(let error):
                events(.failed(error))
                report.failed.append((index, error))
                index += 1
                startAt = nil  // the point was this track's
                continue queue
            }
            let connection: any AudioOutput
            do { connection = try await connecting.value } catch {
                let failure = PlaybackError(error)
                events(.failed(failure))
                report.failed.append((index, failure))
                break queue
            }
            let ending = await playTrack(decoded, playing, fallbackDuration: next.duration, startingAt: startAt,
                                         connection: connection, session: &session, events: events)
            startAt = nil
            switch ending {
            case .finished(let seconds):
                // Before a gap and after the queue's last track, the track is over when its sound has been
                // heard, not when it was all written: the output holds up to a second of it, and a row
                // that went idle meanwhile would say so while it still sounds.
                following = (index + 1, await track(index + 1))
                if gap > 0 || (following?.track == nil && !stopped) { await session.finish() }
                events(.finished)
                report.played.append((index, seconds))
                index += 1
                if gap > 0 { await waitOut(gap: gap, told: gapLeft) }
            case .moved(let to, let seconds, let at):
                events(.finished)
                if seconds > 0 { report.played.append((index, seconds)) }
                index = to
                startAt = at
            case .failed(let error, let seconds):
                events(.failed(error))
                report.failed.append((index, error))
                if seconds > 0 { report.played.append((index, seconds)) }
                if report.lostTheSoundServer { break queue }  // nothing else can play
                index += 1
            case .stopped(let seconds):
                if seconds > 0 { report.played.append((index, seconds)) }
                break queue
            }
        }
        report.stopped = stopped
        if !report.stopped { await session.finish() }
        session.cancelPrefetch()
        await handle(.queueEnded)
        control.withLock { $0.events = nil }
        _ = try? await connecting.value
        return report
    }

    /// The silence between two tracks, in steps short enough that a stop ends it at once.
    private func waitOut(gap: Double, told: @Sendable (Int) -> Void) async {
        let end = ContinuousClock.now + .milliseconds(Int(gap * 1000))
        var lastTold = -1
        while !stopped, case let left = ContinuousClock.now.duration(to: end), left > .zero {
            let seconds = Int((Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18).rounded(.up))
            if seconds != lastTold {
                told(seconds)
                lastTold = seconds
            }
            try? await Task.sleep(for: min(left, .milliseconds(50)))
        }
    }

    /// How long `takeCommands` waits for another key after a seek, and for how long at most in all.
    static let seekSettle = Duration.milliseconds(150)
    static let seekSettleAtMost = Duration.milliseconds(600)

    /// Seeks pressed in a row are one seek: one jump, at most one Range request.
    private static func add(_ command: Command, to commands: inout [Command]) {
        if case .seek(let step) = command, case .seek(let earlier)? = commands.last {
            commands[commands.count - 1] = .seek(by: earlier + step)
        } else {
            commands.append(command)
        }
    }

    /// The commands sent since the last call. Seeks pressed in a burst (a key held down, or tapped
    /// quickly) are one seek, so a jump a minute ahead makes one Range request, not one per key: after a
    /// seek, keys are gathered until none has come for `seekSettle`, or for `seekSettleAtMost` in all so
    /// the position still moves while a key is held.
    private func takeCommands() async -> [Command] {
        func take() -> [Command] { control.withLock { state in defer { state.commands = [] }; return state.commands } }
        var commands = take()
        guard case .seek? = commands.last else { return commands }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.seekSettleAtMost
        while clock.now < deadline, !stopped {
            try? await Task.sleep(for: Self.seekSettle)
            let more = take()
            if more.isEmpty { break }
            for command in more { Self.add(command, to: &commands) }
            guard case .seek? = commands.last else { break }
        }
        return commands
    }

    private enum Ending {
        case finished(seconds: Double)
        case moved(to: Int, seconds: Double, at: Double? = nil)
        case failed(PlaybackError, seconds: Double)
        case stopped(seconds: Double)
    }

    /// Speed and loop as they stand now, reported on `track` (the status line shows them).
    private func publish(_ settings: ListeningSettings, on track: Playing) {
        control.withLock { control in
            control.settings = settings
            control.events?(track, .settings(settings))
        }
    }

    /// Plays one track to its end, a move to another, a stop or a failure. `startingAt`: seconds into
    /// it to begin (else its start, or the loop's).
    private func playTrack(_ decoded: DecodedTrack, _ playing: Playing, fallbackDuration: Double?, startingAt: Double?,
                           connection: any AudioOutput, session: inout Session,
                           events: @escaping @Sendable (PlaybackEvent) -> Void) async -> Ending {
        let index = playing.index
        var started = false
        var status = StatusReporter()
        // The speed holds for the queue; the loop given on the command line for every track, one marked
        // with `l` for this track only.
        var settings = control.withLock { control in
            control.settings.loop = options.loop.map { .looping($0) } ?? .none
            return control.settings
        }
        // Passes of the loop's section so far, the one under way included.
        var passes = 1
        // Where the track is to begin, until it has: where a command asked, else the loop's start.
        var pendingStart = startingAt ?? settings.loop.section?.start
        var clock = PlaybackClock(stream: session.inputEnd, recording: 0, rate: session.rate)
        // Bytes still to drop after a seek that landed short of its target, so a loop joins to the sample.
        var skipBytes = 0
        func elapsed() -> Double { clock.position(at: session.output?.playedSeconds ?? 0) }
        func heard() -> Double { started ? clock.heard(at: session.output?.playedSeconds ?? 0) : 0 }
        /// The decoder continues from `target`, to the sample; returns where sound resumes.
        func moveDecoder(to target: Double) async throws -> Double {
            let reached = try await decoded.seek(to: target)
            guard let format = session.source, reached < target, target - reached < 1 else { return reached }
            let frames = Int(((target - reached) * Double(format.sampleRate)).rounded())
            skipBytes = frames * format.bytesPerFrame
            return reached + Double(frames) / Double(format.sampleRate)
        }
        /// Goes on from `target` (a seek, a change of speed, a loop begun): what is queued and not yet
        /// heard of this track is dropped, and the clock starts again where the sound resumes.
        func jump(to target: Double, speed: PlaybackSpeed? = nil) async throws {
            let heardSoFar = heard()
            if started { try await session.dropQueued() }
            if let speed, let format = session.source {
                try await session.use(format, speed: speed, connection: connection, engine: self)
            }
            let resumed = try await moveDecoder(to: target)
            clock = PlaybackClock(stream: session.inputEnd, recording: resumed, rate: session.rate, heard: heardSoFar)
            status.positionMoved()
        }
        /// Another pass of the loop, when it has one left: the decoder goes back to the section's start,
        /// heard right after what is written. False once its passes are played.
        func loopAgain(_ section: LoopSection) async throws -> Bool {
            guard section.passes.map({ passes < $0 }) ?? true else { return false }
            passes += 1
            clock.jump(to: try await moveDecoder(to: section.start), at: session.inputEnd, played: session.output?.playedSeconds ?? 0)
            return true
        }
        decoded.onReconnect = { [weak self] news in
            switch news {
            case .trying: self?.transition(.reconnecting)
            case .regained: self?.transition(.reconnected)
            }
        }
        defer {
            decoded.onReconnect = nil
            transition(.trackEnded)  // however it ended: its stream's news is no longer this track's
        }
        do {
            while true {
                if stopped { return .stopped(seconds: heard()) }
                let duration = decoded.duration ?? fallbackDuration
                for command in await takeCommands() {
                    switch command {
                    case .next:
                        let seconds = heard()
                        try await session.dropQueued()  // the skip is heard at once, not after the buffer
                        return .moved(to: index + 1, seconds: seconds)
                    case .previous where elapsed() <= 3 && index > 0:
                        let seconds = heard()
                        try await session.dropQueued()
                        return .moved(to: index - 1, seconds: seconds)
                    case .previous:
                        try await jump(to: 0)
                    case .play(let other, let from):
                        let seconds = heard()
                        try await session.dropQueued()
                        return .moved(to: other, seconds: seconds, at: from)
                    case .seek(let step):
                        try await jump(to: elapsed() + step)
                    case .speed(let change):
                        settings.speed = settings.speed.applying(change)
                        publish(settings, on: playing)
                        try await jump(to: elapsed(), speed: settings.speed)
                    case .markLoop:
                        settings.loop = settings.loop.marking(at: elapsed())
                        passes = 1
                        publish(settings, on: playing)
                        // The end was just heard: the loop starts over at once.
                        if let section = settings.loop.section { try await jump(to: section.start) }
                    }
                }
                switch try await decoded.nextPiece() {
                case .format(let format):
                    try await session.use(format, speed: settings.speed, connection: connection, engine: self)
                    if !started {
                        clock = PlaybackClock(stream: session.inputEnd, recording: decoded.position, rate: session.rate)
                        // Once: a seek makes the decoder announce its format again.
                        if let start = pendingStart {
                            pendingStart = nil
                            if start > 0 { try await jump(to: start) }
                        }
                    }
                case .pcm(var bytes):
                    if skipBytes > 0 {
                        let dropped = min(skipBytes, bytes.count)
                        bytes.removeFirst(dropped)
                        skipBytes -= dropped
                        if bytes.isEmpty { continue }
                    }
                    // The piece that crosses the loop's end is cut there; the start follows, sample after sample.
                    // What lies past the end is kept for when the passes are over and the recording goes on.
                    var reachedLoopEnd: (section: LoopSection, pastEnd: [UInt8])?
                    if let section = settings.loop.section, let format = session.source {
                        let end = decoded.position
                        let start = end - Double(bytes.count / format.bytesPerFrame) / Double(format.sampleRate)
                        if start < section.end, section.end <= end {
                            let kept = min(bytes.count, Int(((section.end - start) * Double(format.sampleRate)).rounded()) * format.bytesPerFrame)
                            reachedLoopEnd = (section, Array(bytes[kept...]))
                            bytes.removeLast(bytes.count - kept)
                        }
                    }
                    try await session.write(pcm: bytes)
                    if !started {
                        started = true
                        transition(.soundWritten(duration: duration, outputDry: session.output?.isDry ?? false))
                        publish(settings, on: playing)  // this track's, which may differ from the last one's
                    }
                    if let (section, pastEnd) = reachedLoopEnd, try await !loopAgain(section) {
                        settings.loop = .none  // its passes played: on past the end, from the sample after it
                        publish(settings, on: playing)
                        try await session.write(pcm: pastEnd)
                    }
                    let now = elapsed()
                    reportPosition(playing, elapsed: now, duration: duration, status: &status)
                    if let duration, duration - now > Self.prefetchBeforeEnd { continue }
                    session.prefetch(index + 1)
                case .end:
                    // A loop whose end lies past the recording's joins at the recording's last sample.
                    if started, let section = settings.loop.section, section.start < decoded.position, try await loopAgain(section) {
                        continue
                    }
                    if !started, let output = session.output {
                        started = true
                        transition(.soundWritten(duration: duration, outputDry: output.isDry))
                    }
                    // All of it is written. A server that ran dry waits for most of a second before it
                    // plays again: what is left plays now, and is the end of the track.
                    try await session.startPlaying()
                    if started { events(.position(elapsed: decoded.position, duration: duration)) }
                    return .finished(seconds: started ? clock.heard(at: session.inputEnd) : 0)
                }
            }
        } catch {
            if stopped { return .stopped(seconds: heard()) }
            return .failed(PlaybackError(error, played: heard()), seconds: heard())
        }
    }
}

