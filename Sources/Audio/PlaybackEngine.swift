import ChirperHTTP
import Dispatch
import FoundationEssentials
import PlaybackModel
import Locking

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
        /// What the program began before its arguments were parsed: the sound server's connection and
        /// the first track's request, taken when they fit.
        public var startWork: StartWork?

        public init(server: String? = nil, device: String? = nil, volume: Double? = nil, cache: AudioCache? = nil,
                    speed: PlaybackSpeed = .normal, loop: LoopSection? = nil, output: (any AudioOutput)? = nil,
                    startWork: StartWork? = nil) {
            self.server = server
            self.device = device
            self.volume = volume
            self.cache = cache
            self.speed = speed
            self.loop = loop
            self.output = output
            self.startWork = startWork
        }
    }

    public struct Track: Sendable, Equatable {
        public var id: String
        public var source: AudioSource
        /// The length the API gave, used when the stream does not say.
        public var duration: Double?
        /// Seconds in where a play of it begins (the quiz's: where the bird is first heard); nil: 0.
        public var start: Double?
        /// Seconds in where it ends (a clip); nil: at the recording's end.
        public var end: Double?

        public init(id: String, source: AudioSource, duration: Double?, start: Double? = nil, end: Double? = nil) {
            self.id = id
            self.source = source
            self.duration = duration
            self.start = start
            self.end = end
        }
    }

    /// How the queue went, for the summary.
    public struct Report: Sendable {
        public var played: [(index: Int, seconds: Double)] = []
        public var failed: [(index: Int, error: PlaybackError)] = []
        /// Ended by `stop()` (q, Ctrl-C), not by running out of tracks.
        public var stopped = false
        /// Seconds heard of tracks that then failed (a failed track is among `failed` only).
        public var heardOfFailed = 0.0
        /// Seconds heard in all.
        public var listened: Double { played.reduce(heardOfFailed) { $0 + $1.seconds } }
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

    /// The state, and beside it what is not state: the listener's commands not yet taken (a mailbox)
    /// and the volume for streams to come.
    struct Control {
        var state: EngineState<SinkHandle>
        /// The moves, seeks, speed changes and loop marks sent and not yet taken by the track player.
        var commands: [ListeningCommand] = []
        var volume: Double?
    }
    let control: Locked<Control>
    /// Where events go, told outside the lock in the order queued under it.
    let listener = EngineListener()

    public init(options: Options = .init()) {
        self.options = options
        let settings = ListeningSettings(speed: options.speed, loop: options.loop.map { .looping($0) } ?? .none)
        control = Locked(Control(state: EngineState(settings: settings), volume: options.volume))
    }

    /// Changes the state. Reports are queued under the lock, so the listener hears them in the order of
    /// the transitions whichever thread made them (the loop, a stream callback, a key), and told after
    /// it; a timer is started; the stream calls are returned, to be made outside the lock.
    @discardableResult
    func transition(_ event: EngineState<SinkHandle>.Event) -> [EngineState<SinkHandle>.Action] {
        defer { listener.tell() }
        return control.withLock { control in
            var calls: [EngineState<SinkHandle>.Action] = []
            for action in control.state.handle(event) {
                switch action {
                case .report(let track, let event):
                    listener.queue(track, event)
                case .reportPosition(let track):
                    if let position = control.state.position {
                        listener.queue(track, .position(elapsed: position.elapsed, duration: position.duration))
                    }
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
        control.withLock { _ in listener.queue(track, event) }
        listener.tell()
    }

    // MARK: Controls (from any task)

    /// A listening command, at once, in the order sent: moves, seeks, speed and loop go to the track
    /// player; pause and volume are carried out in a task of their own (`listen` waits for them);
    /// compare's `otherSide` is the screen's to turn into a `play`, and means nothing here.
    public func send(_ command: ListeningCommand) {
        switch command {
        case .next, .previous, .seek, .speed, .markLoop, .mark, .goTo, .loopSection, .play: break
        case .togglePause, .volume: Task { await listen(command) }; return
        case .otherSide: return
        }
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

    var stopped: Bool { control.withLock { $0.state.isStopped } }

    /// Carries out a listening command, waiting for a pause or a volume change to reach the server;
    /// returns the new volume when it changed one.
    @discardableResult
    public func listen(_ command: ListeningCommand) async -> Double? {
        switch command {
        case .togglePause: await togglePause()
        case .volume(let step): return await changeVolume(by: step)
        case .next, .previous, .seek, .speed, .markLoop, .mark, .goTo, .loopSection, .play, .otherSide: send(command)
        }
        return nil
    }

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
        listener.listen(events)
        let (server, memory, early) = (options.server, options.output, options.startWork)
        let connecting = Task { () async throws -> any AudioOutput in
            if let memory { return memory }
            if let early { return try await early.connection(server: server) }
            return try await StartWork.connect(server: server)
        }
        let wiring = Session.Wiring(
            device: options.device,
            volume: { [weak self] in self?.control.withLock { $0.volume } },
            opened: { [weak self] stream in await self?.handle(.outputOpened(stream)) },
            signals: { [weak self] sink, signal in self?.outputSignal(sink, signal) })
        var session = Session(cache: options.cache, track: track, wiring: wiring)
        var progress = QueueProgress(start: start, gap: gap)

        queue: while !stopped {
            let asked: Track?
            if let known = progress.knownTrack() { asked = known } else { asked = await track(progress.index) }
            guard let next = asked else { break }
            let playing = Playing(index: progress.index, id: next.id)
            await handle(.trackBegan(playing))
            let events = { @Sendable [weak self] (event: PlaybackEvent) in self?.report(playing, event); return }
            let begun = progress.offersFirstRequest() ? await early?.firstRequest(for: next.source) : nil
            let decoded: DecodedTrack
            switch await session.take(progress.index, next, begun: begun) {
            case .success(let track):
                decoded = track
                // A track no longer than a prefetch's lead: the next is asked for now, so that its round
                // trips pass while this one plays, not after it.
                if let length = next.duration, length <= Self.prefetchBeforeEnd { session.prefetch(progress.index + 1) }
            case .failure(let error):
                await run(progress.couldNotOpen(error), gap: gap, session: &session, events: events, gapLeft: gapLeft)
                continue queue
            }
            let connection: any AudioOutput
            do { connection = try await connecting.value } catch {
                await run(progress.noOutput(PlaybackError(error)), gap: gap, session: &session, events: events, gapLeft: gapLeft)
                break queue
            }
            let ending = await playTrack(decoded, playing, fallbackDuration: next.duration, startingAt: progress.startAt, trackStart: next.start, endingAt: next.end,
                                         connection: connection, session: &session, events: events)
            let steps = await progress.ended(ending, asking: track, stopped: { stopped })
            if await run(steps, gap: gap, session: &session, events: events, gapLeft: gapLeft) { break queue }
        }
        var report = progress.report
        report.stopped = stopped
        if !report.stopped { await session.finish() }
        session.cancelPrefetch()
        await handle(.queueEnded)
        // Every event told before the play returns: a screen ends its lines after the last one.
        await listener.quiet()
        listener.listen(nil)
        _ = try? await connecting.value
        return report
    }

    /// Runs the queue's `steps` in order. Returns whether one ended the queue.
    @discardableResult
    private func run(_ steps: [QueueProgress.Step], gap: Double, session: inout Session,
                     events: @Sendable (PlaybackEvent) -> Void, gapLeft: @Sendable (Int) -> Void) async -> Bool {
        for step in steps {
            switch step {
            case .tell(let event): events(event)
            case .letItBeHeard: await session.finish()
            case .waitOutTheGap: await waitOut(gap: gap, told: gapLeft)
            case .endQueue: return true
            }
        }
        return false
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

}

