import Audio
import ChirperCore
import MediaControl
import PlaybackModel
import Sonogram
import XenoCanto

/// `browse`'s event loop. One task owns the `BrowseModel`; keys, pages, player events, clock ticks,
/// resizes and SIGTERM all arrive on one stream, in order, and each changes the model and then the
/// screen (only the lines that changed). The commands the model returns are the only I/O it causes:
/// pages from the `SearchClient`, sound from the engine, sonograms. The terminal's plumbing is
/// `BrowseSession`'s, so the loop runs in process in tests, with an in-memory API and a recorded screen.
struct BrowseLoop {
    let client: any SearchClient
    let perPage: Int
    let playerOptions: PlaybackEngine.Options
    /// Where `f` stars, the plays and the searches go; nil: nothing is kept.
    var library: (any BrowseLibrary)? = nil
    /// Whether a new search is remembered (not over a pack or a list).
    var remembersSearches = true
    /// How long browse waits, once asked to end, for the library to answer what it was told: longer
    /// than the library waits for another process's lock.
    var libraryWait: Duration = .seconds(12)
    /// What browse tells the library, and what it did not keep (said when browse has left the screen).
    let libraryWrites = LibraryWrites()
    /// Columns and rows now (asked at the start and after each resize).
    let terminalSize: @Sendable () -> (width: Int, height: Int)?

    /// Runs until q, Ctrl-C or `.terminate`, then stops the sound and waits for the player to let go.
    func run(query: SearchQuery?, page: Int, raw: Bool, inputs: AsyncStream<ScreenInput>,
             continuation: AsyncStream<ScreenInput>.Continuation, screen: inout some BrowseScreen) async -> ExitStatus {
        let size = terminalSize() ?? (80, 24)
        var run = BrowseRun(loop: self, model: BrowseModel(width: size.width, height: size.height, raw: raw),
                            audio: BrowseAudio(options: playerOptions, inputs: continuation), continuation: continuation)
        run.start(query: query, page: page)
        screen.draw(run.model)
        // Lines typed while results load wait for them: a listener types ahead, a script's come at once.
        var typedAhead: [ScreenInput] = []
        loop: for await input in inputs {
            var pending = [input]
            while !pending.isEmpty {
                let typed = pending.removeFirst()
                if typed.isLine, run.model.isSearching || !typedAhead.isEmpty {
                    typedAhead.append(typed)
                    continue
                }
                guard let next = Self.keys(of: typed, in: run.model, screen: &screen) else { continue }
                switch run.take(next) {
                case .end: break loop
                case .unchanged: continue
                case .changed: break
                }
                if next.isResize { screen.invalidate() }
                if run.feedNeedsUpdate {
                    run.feedNeedsUpdate = false
                    let model = run.model
                    await run.audio.updateQueue(model)
                }
                screen.draw(run.model)
                if !run.model.rows.isEmpty || !run.model.isBusy { run.askTheLibrary() }
                if !run.model.isSearching, !typedAhead.isEmpty {
                    pending = typedAhead + pending
                    typedAhead = []
                }
            }
        }

        continuation.finish()  // nothing more is read: what the terminal still sends is dropped, not kept
        await run.audio.finish()
        if !libraryWrites.allAnswered {
            run.model.tell("Keeping your changes in the library…")
            screen.draw(run.model)
        }
        await libraryWrites.waitForAll(atMost: libraryWait)
        return run.status
    }
}

extension BrowseLoop {
    /// The linear mode's lines as the keys they stand for on browse now; nil for a line answered with
    /// lines of its own (`?`, one not understood).
    static func keys(of input: ScreenInput, in model: BrowseModel, screen: inout some BrowseScreen) -> ScreenInput? {
        switch input {
        case .line(let text):
            switch BrowseLinear.read(text, in: model) {
            case .keys(let keys): return .keys(keys)
            case .list: screen.say(BrowseLinear.commands)
            case .unknown(let word): screen.say(["\(word): not a command here; ? lists them."])
            }
            return nil
        case .inputEnded: return .keys(BrowseLinear.quitKeys)
        default: return input
        }
    }
}

extension BrowseModel {
    /// A search is on its way: lines typed meanwhile wait for its rows.
    var isSearching: Bool { if case .loading = list { true } else { false } }
}

extension ScreenInput {
    /// A line of the linear mode, or its end.
    var isLine: Bool {
        switch self {
        case .line, .inputEnded: true
        default: false
        }
    }

    /// The terminal may have another size (after a suspension too): the next frame is drawn whole.
    var isResize: Bool {
        switch self {
        case .resize, .continued: true
        default: false
        }
    }
}

/// Where browse's frames go: the terminal's alternate screen, or a test's record.
protocol BrowseScreen {
    /// Shows the model's frame.
    mutating func draw(_ model: BrowseModel)
    /// The next draw repaints everything.
    mutating func invalidate()
    /// Says lines outside the model's frame (the linear mode's commands, a line not understood).
    mutating func say(_ lines: [String])
}

extension BrowseScreen {
    /// A frame has no lines outside it.
    mutating func say(_ lines: [String]) {}
}
