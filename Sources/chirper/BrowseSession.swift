import Audio
import ChirperCore
import Foundation
import XenoCanto

/// Everything that can wake the browse loop.
enum BrowseInput: Sendable {
    case keys([TerminalKey])
    case list(ListEvent)
    /// An event of the play numbered `generation`; events of a play already replaced are dropped.
    case playback(generation: Int, recordingID: String, PlaybackEvent)
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
    let playerOptions: Player.Options

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
                case .togglePause:
                    audio.togglePause()
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
            case .playback(let generation, let id, let event):
                guard generation == audio.generation else { continue }
                _ = perform(model.receive(.playback(recordingID: id, event)))
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

/// The one player browse has at a time. Each play gets a new `Player` and a generation number, so a
/// stopped play's late events can be told from the current one's and dropped.
struct BrowseAudio {
    let options: Player.Options
    let inputs: AsyncStream<BrowseInput>.Continuation
    private(set) var generation = 0
    private var player: Player?
    private var task: Task<Void, Never>?

    init(options: Player.Options, inputs: AsyncStream<BrowseInput>.Continuation) {
        self.options = options
        self.inputs = inputs
    }

    var isActive: Bool { player != nil }

    mutating func play(_ recording: Recording) {
        stop()
        guard let url = recording.audioURL else { return }
        generation += 1
        let player = Player(options: options)
        let (generation, inputs, id) = (generation, inputs, recording.id)
        self.player = player
        task = Task {
            _ = await player.play(.url(url), name: "XC\(id)", duration: recording.duration) { event in
                inputs.yield(.playback(generation: generation, recordingID: id, event))
            }
        }
    }

    func togglePause() {
        guard let player else { return }
        Task { _ = await player.setPaused(!player.isPaused) }
    }

    mutating func stop() {
        player?.stop()
        player = nil
        generation += 1  // whatever the stopped play still reports is stale
    }

    /// Stops the sound and waits for the player to let go of the sound server.
    mutating func finish() async {
        stop()
        await task?.value
    }
}

/// The alternate screen browse draws on, and what it last drew there.
struct FullScreen {
    private var shown: [ScreenLine]?

    init() {
        TerminalRestore.setFullScreen(true)
        Self.write(Terminal.Escape.enterFullScreen)
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
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
