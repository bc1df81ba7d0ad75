import Audio
import ChirperCore
import Dispatch
import FoundationEssentials
import Glibc
import PlaybackModel
import Sonogram
import XenoCanto
import XenoCantoHTTP

/// Everything that can wake the browse loop.
enum BrowseInput: Sendable {
    case keys([TerminalKey])
    case list(ListEvent)
    /// An event of the play numbered `generation`; events of a play already replaced are dropped.
    case playback(generation: Int, recordingID: String, PlaybackEvent)
    /// A sonogram asked for with v, made or failed.
    case sonogram(id: String, Result<Spectrogram, PlaybackError>)
    case tick
    case resize
    case terminate
}

/// `browse`'s event loop. One task owns the `BrowseModel`; keys, pages, player events, clock ticks,
/// resizes and SIGTERM all arrive on one stream, in order, and each changes the model and then the
/// screen (only the lines that changed). The commands the model returns are the only I/O it causes.
struct BrowseSession {
    let client: XenoCantoClient
    let perPage: Int
    let playerOptions: PlaybackEngine.Options

    /// Runs until q, Ctrl-C or SIGTERM; the terminal is as it was when this returns.
    func run(query: SearchQuery?, page: Int, raw: Bool) async -> ExitStatus {
        let (inputs, continuation) = AsyncStream<BrowseInput>.makeStream()
        let input = TerminalInput()
        TerminalRestore.installCrashHandlers()
        InterruptHandler.install(exits: false) {
            continuation.yield(.terminate)
            // The loop leaves at once in practice; should it not, the terminal is still given back.
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
                TerminalRestore.restore()
                exit(ExitStatus.interrupted.rawValue)
            }
        }
        signal(SIGWINCH, SIG_IGN)
        let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        resizes.setEventHandler { continuation.yield(.resize) }
        resizes.resume()
        let keys = Task {
            for await keys in input.keys() { continuation.yield(.keys(keys)) }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield(.tick)
            }
        }

        var screen = FullScreen()
        let size = Terminal.size ?? (80, 24)
        var model = BrowseModel(width: size.width, height: size.height, raw: raw)
        var audio = BrowseAudio(options: playerOptions, inputs: continuation)
        var status = ExitStatus.found
        var feedNeedsUpdate = false

        func perform(_ commands: [BrowseCommand]) -> Bool {
            for command in commands {
                switch command {
                case .fetch(let query, let page):
                    Task { [client, perPage] in
                        do throws(APIError) {
                            let result = try await client.search(query, page: page, perPage: perPage)
                            continuation.yield(.list(.pageLoaded(query, result)))
                        } catch {
                            continuation.yield(.list(.pageFailed(query, page: page, error)))
                        }
                    }
                case .play(let recording):
                    if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                    audio.play(recording)
                case .playAll(let row):
                    if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                    audio.playAll(from: row, of: model, requestMore: { continuation.yield(.list(.nextPageRequested)) })
                case .next:
                    audio.next()
                case .makeSonogram(let recording):
                    guard let url = recording.audioURL else { continue }
                    Task {
                        do throws(PlaybackError) {
                            let made = try await SonogramMaker.spectrogram(of: .url(url), expectedSeconds: recording.duration)
                            continuation.yield(.sonogram(id: recording.id, .success(made)))
                        } catch {
                            continuation.yield(.sonogram(id: recording.id, .failure(error)))
                        }
                    }
                case .togglePause:
                    audio.togglePause()
                case .changeSpeed(let change):
                    audio.options.speed = audio.options.speed.applying(change)
                    audio.send(.speed(change))
                case .markLoop:
                    audio.send(.markLoop)
                case .stopPlayback:
                    audio.stop()
                    _ = perform(model.receive(.playbackStopped))
                case .quit(let interrupted):
                    status = interrupted ? .interrupted : .found
                    return false
                }
            }
            return true
        }

        if let query {
            _ = perform(model.receive(.searchStarted(query, page: page)))
        } else {
            _ = perform(model.press(.character("/")))
        }
        screen.draw(model)
        loop: for await next in inputs {
            switch next {
            case .keys(let keys):
                for key in keys where !perform(model.press(key)) { break loop }
            case .list(let event):
                _ = perform(model.receive(event))
                feedNeedsUpdate = true
            case .playback(let generation, let id, let event):
                guard generation == audio.generation else { continue }
                _ = perform(model.receive(.playback(recordingID: id, event)))
            case .sonogram(let id, let result):
                model.receiveSonogram(id: id, result)
            case .tick:
                guard model.isBusy else { continue }
                model.advance()
            case .resize:
                let size = Terminal.size ?? (model.layout.width, model.layout.height)
                _ = perform(model.resize(width: size.width, height: size.height))
                screen.invalidate()
            case .terminate:
                status = .interrupted
                break loop
            }
            if feedNeedsUpdate {
                feedNeedsUpdate = false
                await audio.updateQueue(model)
            }
            screen.draw(model)
        }

        ticker.cancel()
        keys.cancel()
        resizes.cancel()
        await audio.finish()
        screen.leave()
        input.restore()
        return status
    }
}

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

/// The rows a browse queue plays, as they load: the queue asks for track N and waits while the listing
/// has not got that far and more pages are coming.
actor QueueFeed {
    private let firstRow: Int
    private let requestMore: @Sendable () -> Void
    private var recordings: [Recording] = []
    private var complete = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(firstRow: Int, rows: [Row], complete: Bool, requestMore: @escaping @Sendable () -> Void) {
        self.firstRow = firstRow
        self.requestMore = requestMore
        recordings = QueueFeed.playable(rows, from: firstRow)
        self.complete = complete
    }

    private static func playable(_ rows: [Row], from firstRow: Int) -> [Recording] {
        rows.dropFirst(firstRow).map(\.recording).filter(\.isPlayable)
    }

    /// The playable rows from the first row on; `complete` when no page is still to come.
    func update(rows: [Row], complete: Bool) {
        let updated = QueueFeed.playable(rows, from: firstRow)
        // Wake the waiting only for news: a waiter that wakes asks for another page.
        guard updated.count != recordings.count || complete != self.complete else { return }
        recordings = updated
        self.complete = complete
        wake()
    }

    /// No more tracks: the queue was stopped.
    func finish() {
        complete = true
        recordings = []
        wake()
    }

    func track(_ index: Int) async -> PlaybackEngine.Track? {
        while index >= recordings.count {
            if complete { return nil }
            requestMore()
            await withCheckedContinuation { waiting.append($0) }
        }
        let recording = recordings[index]
        return recording.audioURL.map { PlaybackEngine.Track(id: recording.id, source: .url($0), duration: recording.duration) }
    }

    private func wake() {
        let woken = waiting
        waiting = []
        for continuation in woken { continuation.resume() }
    }
}

/// The alternate screen browse draws on, and what it last drew there.
struct FullScreen {
    private var shown: [ScreenLine]?

    init() {
        TerminalRestore.setFullScreen(true)
        Self.write(TerminalEscape.enterFullScreen)
    }

    /// Writes the lines of the model's frame that differ from what is on screen.
    mutating func draw(_ model: BrowseModel) {
        let frame = BrowseRenderer.frame(model)
        let bytes = ScreenUpdate.bytes(from: shown, to: frame, width: model.layout.width)
        shown = frame
        if !bytes.isEmpty { Self.write(bytes) }
    }

    /// The next draw repaints everything (after a resize the terminal's content is not ours to trust).
    mutating func invalidate() { shown = nil }

    func leave() { TerminalRestore.restore() }

    private static func write(_ text: String) {
        StandardOutput.raw(text)
    }
}
