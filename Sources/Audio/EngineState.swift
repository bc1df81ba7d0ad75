import PlaybackModel

/// Which track of a queue an event is about: its place in the queue and its id.
public struct Playing: Sendable, Equatable {
    public var index: Int
    public var id: String

    public init(index: Int, id: String) {
        self.index = index
        self.id = id
    }
}

/// What the engine is doing, as one value: whether the listener holds it and what its track is doing
/// (`phase`), the speed and loop in force, and where the track is. `Output` is the sound server's
/// stream (a `PulseStream` in the engine, a plain number in the tests).
///
/// Pause holds the activity as it was and the activity still moves on while held (a track opens, a
/// connection drops and returns); only what the listener is told differs, as each event says below.
public struct EngineState<Output: Equatable & Sendable>: Equatable, Sendable {
    /// Whether the listener holds the engine, and what its track is doing.
    public enum Phase: Equatable, Sendable {
        /// Not paused: the track's activity is heard as it goes.
        case running(Activity)
        /// Held by the listener: its stream corked (a stream opened meanwhile is corked as it opens).
        case paused(Activity)
        /// Stopped for good (q, Ctrl-C): a stream that opens now is cancelled at once.
        case stopped
    }

    /// A track's place: seconds heard into it, and its length when known.
    public struct Position: Equatable, Sendable {
        public var elapsed: Double
        public var duration: Double?

        public init(elapsed: Double, duration: Double?) {
            self.elapsed = elapsed
            self.duration = duration
        }
    }

    public private(set) var phase: Phase
    /// Speed and loop in force. The speed holds for the queue; every track begins with the loop given
    /// on the command line (`givenLoop`), and one marked with `l` holds for its track only.
    public private(set) var settings: ListeningSettings
    public let givenLoop: LoopMarks
    /// The track's last position, said again when sound returns after buffering; nil until its first.
    public private(set) var position: Position?
    /// The last position told: the next is told a quarter of a second on, or at once after a move.
    private var positionTold: Double?

    /// How often the position is told while a track is heard (it is reached after each write, about
    /// twice a second).
    public static var positionEvery: Double { 0.25 }

    public init(settings: ListeningSettings = .normal) {
        phase = .running(.idle)
        self.settings = settings
        givenLoop = settings.loop
    }

    /// Nothing asked yet, or the queue is over.
    public static var idle: EngineState { EngineState() }
    public static func running(_ activity: Activity) -> EngineState { EngineState(phase: .running(activity)) }
    public static func paused(_ activity: Activity) -> EngineState { EngineState(phase: .paused(activity)) }
    public static var stopped: EngineState { EngineState(phase: .stopped) }

    private init(phase: Phase) {
        self.init()
        self.phase = phase
    }

    /// How long the server must have been dry before buffering is said.
    public static var dryLongEnough: Duration { .milliseconds(200) }

    /// The stream sound goes to now.
    public var output: Output? {
        switch phase {
        case .running(let activity), .paused(let activity): return activity.output
        case .stopped: return nil
        }
    }

    /// The track the engine is on.
    public var track: Playing? {
        switch phase {
        case .running(let activity), .paused(let activity): return activity.track
        case .stopped: return nil
        }
    }

    /// Whether the listener hears the track's sound now (a short dry spell included): positions are
    /// told only then.
    public var isSounding: Bool {
        switch phase {
        case .running(let activity): return activity.isSounding
        case .paused, .stopped: return false
        }
    }

    public var isPaused: Bool { if case .paused = phase { true } else { false } }
    public var isStopped: Bool { if case .stopped = phase { true } else { false } }

    /// What happens to the engine: from the playing loop, from the stream's callbacks, from a timer
    /// the engine set, and from the listener.
    public enum Event: Equatable, Sendable {
        /// The loop takes a track.
        case trackBegan(Playing)
        /// A stream opened for the track (its first, or a new format's).
        case outputOpened(Output)
        /// The track's first sound was written; `outputDry`: the stream had run dry before it (it waits
        /// for most of a second of sound before it plays again). `duration` is the track's length.
        case soundWritten(duration: Double?, outputDry: Bool)
        /// The track's sound is all written (it plays out).
        case trackEnded
        /// A stream's underflow callback: the server has nothing to play (its dry spell `episode`).
        /// About the stream of the state only; an older one playing out is no news.
        case outputRanDry(Output, episode: Int)
        /// A stream's started callback: the server plays it again.
        case outputStarted(Output)
        /// The timer set at `outputRanDry` ran out.
        case dryLongEnough(Output, episode: Int)
        /// The input lost its connection and is reopening it (a Range request from the byte reached).
        case reconnecting
        /// The reopened connection gives bytes again.
        case reconnected
        case pause(Bool)
        /// Pause when playing, resume when paused: decided here, on the state of the moment.
        case togglePause
        case stop
        case queueEnded
        /// The track's speed or loop changed (a key, or a loop's passes played), on `track`.
        case settingsChanged(ListeningSettings, on: Playing)
        /// The track's sound was written up to `elapsed` (after each write): told when heard and due.
        case played(to: Double, duration: Double?)
        /// The track's place moved (a seek, a start inside it, a loop's join): told with the next write.
        case moved(to: Double, duration: Double?)
    }

    /// What the engine must do after a transition, in order.
    public enum Action: Equatable, Sendable {
        /// Tell the listener, about this track.
        case report(Playing, PlaybackEvent)
        /// Tell the listener the track's last known position again (it plays again after buffering).
        case reportPosition(Playing)
        /// Send `event` after `delay`.
        case schedule(Event, after: Duration)
        /// Cork (true) or uncork (false) the stream.
        case cork(Output, Bool)
        /// Cancel the stream: a blocked write or drain returns at once.
        case cancel(Output)
    }

    /// The one transition function: the new state and what to do to reach it. Every event is a case
    /// of its own, and each says what it does in every state.
    public mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .stop:
            let output = self.output
            phase = .stopped
            return output.map { [.cancel($0)] } ?? []
        case .queueEnded:
            switch phase {
            case .running, .paused:
                phase = .running(.idle)
                position = nil
            case .stopped: break
            }
            return []
        case .pause(let hold):
            return hold ? pause() : resume()
        case .togglePause:
            return isPaused ? resume() : pause()

        case .trackBegan(let track):
            guard !isStopped else { return [] }
            (position, positionTold, settings.loop) = (nil, nil, givenLoop)
            // Paused: the new track's row says it opens, then that it is held.
            return moveActivity({ $0.begin(track) }, whilePaused: { $0 + [.report(track, .paused)] })
        case .outputOpened(let output):
            if isStopped { return [.cancel(output)] }
            return moveActivity({ $0.open(output) }, whilePaused: { $0 + [.cork(output, true)] })
        case .soundWritten(let duration, let outputDry):
            // Paused: the track started and is held at once; its dry stream is said when it resumes.
            return moveActivity({ $0.writeFirstSound(duration: duration, outputDry: outputDry) }, whilePaused: { actions in
                actions.flatMap { action -> [Action] in
                    switch action {
                    case .report(let track, .started): return [action, .report(track, .paused)]
                    case .report(_, .buffering): return []
                    case .report, .reportPosition, .schedule, .cork, .cancel: return [action]
                    }
                }
            })
        case .trackEnded:
            return moveActivity({ $0.end() }, whilePaused: { $0 })
        case .reconnecting:
            // Paused: the row stays paused; resuming says it buffers.
            return moveActivity({ $0.loseConnection() }, whilePaused: { _ in [] })
        case .reconnected:
            return moveActivity({ $0.regainConnection() }, whilePaused: { $0 })

        case .settingsChanged(let changed, let track):
            guard !isStopped else { return [] }
            settings = changed
            return [.report(track, .settings(changed))]
        case .played(let elapsed, let duration):
            return reach(elapsed, duration: duration)
        case .moved(let elapsed, let duration):
            guard !isStopped else { return [] }
            (position, positionTold) = (Position(elapsed: elapsed, duration: duration), nil)
            return []

        // The stream's callbacks and the dry-spell timer are about the stream of the state only (an
        // older one playing out is no news), and a corked stream is dry by choice.
        case .outputRanDry(let stream, let episode):
            return moveRunningStream(stream) { $0.runDry(episode: episode) }
        case .outputStarted(let stream):
            return moveRunningStream(stream) { $0.restart() }
        case .dryLongEnough(let stream, let episode):
            return moveRunningStream(stream) { $0.stayDry(episode: episode) }
        }
    }

    /// Sound written up to `elapsed`: kept, and told when it is heard and a quarter of a second has
    /// passed since the last told (at once after a move).
    private mutating func reach(_ elapsed: Double, duration: Double?) -> [Action] {
        guard !isStopped else { return [] }
        position = Position(elapsed: elapsed, duration: duration)
        guard isSounding, let track, positionTold.map({ elapsed - $0 >= Self.positionEvery }) ?? true else { return [] }
        positionTold = elapsed
        return [.report(track, .position(elapsed: elapsed, duration: duration))]
    }

    /// The activity moves on, paused or not; `whilePaused` turns its actions into what a paused
    /// listener is told. Stopped is final.
    private mutating func moveActivity(_ move: (inout Activity) -> [Action],
                                       whilePaused: ([Action]) -> [Action]) -> [Action] {
        switch phase {
        case .running(var activity):
            let actions = move(&activity)
            phase = .running(activity)
            return actions
        case .paused(var activity):
            let actions = move(&activity)
            phase = .paused(activity)
            return whilePaused(actions)
        case .stopped:
            return []
        }
    }

    private mutating func moveRunningStream(_ stream: Output, _ move: (inout Activity) -> [Action]) -> [Action] {
        switch phase {
        case .running(var activity):
            guard stream == activity.output else { return [] }
            let actions = move(&activity)
            phase = .running(activity)
            return actions
        case .paused, .stopped:
            return []
        }
    }

    private mutating func pause() -> [Action] {
        switch phase {
        case .running(.idle), .paused, .stopped:
            return []
        case .running(let activity):
            phase = .paused(activity)
            return (activity.output.map { [Action.cork($0, true)] } ?? []) + (activity.track.map { [.report($0, .paused)] } ?? [])
        }
    }

    private mutating func resume() -> [Action] {
        switch phase {
        case .running, .stopped:
            return []
        case .paused(let held):
            let uncork = held.output.map { [Action.cork($0, false)] } ?? []
            switch held {
            case .starving(let track, let output, _), .buffering(let track, let output, .serverRanDry):
                // Dry when it was corked: it plays again once the server has refilled (started callback).
                phase = .running(.buffering(track, output, .serverRanDry))
                return uncork + [.report(track, .resumed), .report(track, .buffering(progress: nil))]
            case .buffering(let track, _, .reconnecting):
                phase = .running(held)
                return uncork + [.report(track, .resumed), .report(track, .buffering(progress: nil))]
            case .idle, .opening, .playing, .draining:
                phase = .running(held)
                return uncork + (held.track.map { [.report($0, .resumed)] } ?? [])
            }
        }
    }
}
