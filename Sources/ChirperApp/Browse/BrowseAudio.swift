import Audio
import ChirperCore
import PlaybackModel
import XenoCanto

/// The one engine browse has at a time: playing a single row (Enter) or a queue from a row on (a), fed
/// by the listing as it loads. Each gets a generation number, so a stopped engine's late events can be
/// told from the current one's and dropped.
struct BrowseAudio {
    /// The engine's options; the speed follows the keys, so the next recording plays at it too.
    var options: PlaybackEngine.Options
    let inputs: AsyncStream<BrowseInput>.Continuation
    private(set) var generation = 0
    private var engine: PlaybackEngine?
    /// The rows a queue (a) takes its tracks from; nil for a single row.
    private var feed: QueueFeed?
    private var task: Task<Void, Never>?

    init(options: PlaybackEngine.Options, inputs: AsyncStream<BrowseInput>.Continuation) {
        self.options = options
        self.inputs = inputs
    }

    var isActive: Bool { engine != nil }

    mutating func play(_ recording: Recording) {
        stop()
        guard let url = recording.audioURL else { return }
        let track = PlaybackEngine.Track(id: recording.id, source: .url(url), duration: recording.duration)
        start { index in index == 0 ? track : nil }
    }

    /// Plays the rows from `row` on, in order; the queue waits for pages still loading and asks for the
    /// next one when it reaches the end of the rows (`requestMore`).
    mutating func playAll(from row: Int, of model: BrowseModel, requestMore: @escaping @Sendable () -> Void) {
        stop()
        let feed = QueueFeed(firstRow: row, rows: model.rows, complete: Self.isComplete(model.list), requestMore: requestMore)
        self.feed = feed
        start { await feed.track($0) }
    }

    private mutating func start(_ track: @escaping @Sendable (Int) async -> PlaybackEngine.Track?) {
        let engine = PlaybackEngine(options: options)
        let (generation, inputs) = (generation, inputs)
        self.engine = engine
        task = Task {
            _ = await engine.play(track: track) { playing, event in
                inputs.yield(.playback(generation: generation, recordingID: playing.id, event))
            }
        }
    }

    /// Tells the queue, if one plays, what rows there are now and whether more will come.
    func updateQueue(_ model: BrowseModel) async {
        await feed?.update(rows: model.rows, complete: Self.isComplete(model.list))
    }

    /// Whether the listing will grow: only while pages remain.
    private static func isComplete(_ list: ListState) -> Bool {
        switch list {
        case .paging: return false
        case .idle, .loading, .empty, .error, .populated: return true
        }
    }

    func togglePause() {
        guard let engine else { return }
        Task { await engine.togglePause() }
    }

    func next() {
        if feed != nil { engine?.send(.next) }
    }

    /// A speed or loop key, for the engine that plays.
    func send(_ command: PlaybackEngine.Command) {
        engine?.send(command)
    }

    mutating func stop() {
        engine?.stop()
        if let feed { Task { await feed.finish() } }
        engine = nil
        feed = nil
        generation += 1  // whatever the stopped play still reports is stale
    }

    /// Stops the sound and waits for the player to let go of the sound server.
    mutating func finish() async {
        stop()
        await task?.value
    }
}
