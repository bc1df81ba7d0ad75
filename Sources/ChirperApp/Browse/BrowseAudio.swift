import Audio
import ChirperCore
import PlaybackModel
import Locking
import MediaControl
import XenoCanto

/// The one engine browse has at a time: playing a single row (Enter) or a queue from a row on (a), fed
/// by the listing as it loads. Each gets a generation number, so a stopped engine's late events can be
/// told from the current one's and dropped. What plays is offered to the desktop (`DesktopPlayer`),
/// whose requests come back on the loop's stream as `.desktop`; the quiz's says no names.
struct BrowseAudio {
    /// What plays.
    private enum Mode {
        /// Nothing plays; a stopped engine may still be letting go of the sound server.
        case idle(releasing: Task<Void, Never>?)
        /// One row (Enter).
        case single(PlaybackEngine, Task<Void, Never>)
        /// The rows from one on (a), fed as pages load.
        case queue(PlaybackEngine, QueueFeed, Task<Void, Never>)

        var engine: PlaybackEngine? {
            switch self {
            case .idle: return nil
            case .single(let engine, _), .queue(let engine, _, _): return engine
            }
        }

        var task: Task<Void, Never>? {
            switch self {
            case .idle(let releasing): return releasing
            case .single(_, let task), .queue(_, _, let task): return task
            }
        }
    }

    /// The engine's options for the next row (the speed is given at each start, as the last engine
    /// reported it).
    private let options: PlaybackEngine.Options
    /// The volume the last engine was set to, for the next.
    private let volume: SharedVolume
    let inputs: AsyncStream<ScreenInput>.Continuation
    private(set) var generation = 0
    private var mode = Mode.idle(releasing: nil)
    private let desktop = DesktopPlayer()
    private let hidesNames: Bool
    /// What the desktop is told of each recording that may play, by its number.
    private let described = Locked([String: (DesktopPlayer.Description, seconds: Double?)]())

    init(options: PlaybackEngine.Options, inputs: AsyncStream<ScreenInput>.Continuation, hidesNames: Bool = false) {
        self.options = options
        volume = SharedVolume(options.volume)
        self.inputs = inputs
        self.hidesNames = hidesNames
        let requested = desktop.requested
        Task {
            for await request in requested { inputs.yield(.desktop(request)) }
        }
    }

    /// What the desktop sees now.
    var desktopState: MediaPlayerState { desktop.current }

    private func describe(_ recordings: [Recording]) {
        described.withLock { described in
            for recording in recordings {
                described[recording.id] = (hidesNames ? .question : .of(recording), recording.duration)
            }
        }
    }

    var isActive: Bool { mode.engine != nil }

    /// Plays one recording, from `start` seconds to `end` (nil: its start, its end).
    mutating func play(_ recording: Recording, speed: PlaybackSpeed, from begin: Double? = nil, to end: Double? = nil) {
        stop()
        guard let source = recording.audioSource else { return }
        describe([recording])
        let track = PlaybackEngine.Track(id: recording.id, source: source, duration: recording.duration, start: begin, end: end)
        let (engine, task) = start(speed: speed, queue: false) { index in index == 0 ? track : nil }
        mode = .single(engine, task)
    }

    /// Plays the rows from `row` on, in order; the queue waits for pages still loading and asks for the
    /// next one when it reaches the end of the rows (`requestMore`).
    mutating func playAll(from row: Int, of model: BrowseModel, speed: PlaybackSpeed, requestMore: @escaping @Sendable () -> Void) {
        stop()
        describe(model.rows.map(\.recording))
        let feed = QueueFeed(firstRow: row, rows: model.rows, complete: Self.isComplete(model.list), requestMore: requestMore)
        let (engine, task) = start(speed: speed, queue: true) { await feed.track($0) }
        mode = .queue(engine, feed, task)
    }

    private mutating func start(speed: PlaybackSpeed, queue isQueue: Bool, _ track: @escaping @Sendable (Int) async -> PlaybackEngine.Track?)
        -> (PlaybackEngine, Task<Void, Never>) {
        var options = options
        options.speed = speed
        options.volume = volume.value
        let engine = PlaybackEngine(options: options)
        let (generation, inputs, desktop, described, hidesNames) = (generation, inputs, desktop, described, hidesNames)
        let task = Task {
            _ = await engine.play(track: track) { playing, event in
                inputs.yield(.playback(generation: generation, recordingID: playing.id, event))
                let (description, seconds) = described.withLock { $0[playing.id] } ?? (hidesNames ? .question : .named("XC" + playing.id), nil)
                desktop.apply(event, of: description.track(number: generation * 100_000 + playing.index, seconds: seconds),
                              canGoNext: isQueue, canGoPrevious: isQueue, play: generation)
            }
        }
        return (engine, task)
    }

    /// Tells the queue, if one plays, what rows there are now and whether more will come.
    func updateQueue(_ model: BrowseModel) async {
        if case .queue(_, let feed, _) = mode {
            describe(model.rows.map(\.recording))
            await feed.update(rows: model.rows, complete: Self.isComplete(model.list))
        }
    }

    /// Whether the listing will grow: only while pages remain.
    private static func isComplete(_ list: ListState) -> Bool {
        switch list {
        case .paging: return false
        case .idle, .loading, .empty, .error, .populated: return true
        }
    }

    /// A listening key, for the engine that plays. n and p move in a queue; a single row has no other.
    /// Engine commands are sent at once, in the order of the keys; pause and volume in a task of their
    /// own, the volume kept for the rows that follow.
    func perform(_ command: ListeningCommand) {
        guard let engine = mode.engine else { return }
        switch (command, mode) {
        case (.next, .single), (.previous, .single), (.otherSide, _), (.play, _):
            return
        case (.next, _), (.previous, _), (.seek, _), (.speed, _), (.markLoop, _), (.mark, _), (.goTo, _), (.loopSection, _):
            engine.send(command)
        case (.togglePause, _), (.volume, _):
            let volume = volume
            Task {
                if let changed = await engine.listen(command) { volume.value = changed }
            }
        }
    }

    /// Carries out the desktop's `request` on this sound. True when it asked to stop, which each screen
    /// answers its own way (browse stops; the quiz, whose sound ends with the question, pauses).
    func answer(_ request: MediaRequest) -> Bool {
        var stopAsked = false
        for command in DesktopPlayer.commands(for: request, in: desktopState) {
            switch command {
            case .listen(let listening): perform(listening)
            case .quit: stopAsked = true
            case .sayKeys, .keepMark: break
            }
        }
        return stopAsked
    }

    mutating func stop() {
        mode.engine?.stop()
        if case .queue(_, let feed, _) = mode { Task { await feed.finish() } }
        mode = .idle(releasing: mode.task)
        generation += 1  // whatever the stopped play still reports is stale
        desktop.stopped(nextPlay: generation)
    }

    /// Stops the sound and waits for the player to let go of the sound server.
    mutating func finish() async {
        stop()
        desktop.close()
        await mode.task?.value
    }
}

/// The volume the keys last set, told by one engine's task and read when the next engine starts.
final class SharedVolume: Sendable {
    private let volume: Locked<Double?>

    init(_ volume: Double?) { self.volume = Locked(volume) }

    var value: Double? {
        get { volume.withLock { $0 } }
        set { volume.withLock { $0 = newValue } }
    }
}
