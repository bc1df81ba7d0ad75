import Audio
import ChirperCore
import Dispatch
import FoundationEssentials
import Glibc
import PlaybackModel
import LibraryModel
import Locking
import XenoCanto

/// Plays tracks through the one engine with one key map and one status view: `play` (a single track,
/// its header printed already), `queue` (a header line before each track) and `compare` (one status
/// line under its frame). Keys go through the screen's `PlayingModel` (the listening keys of
/// `KeyMap`, `?` for the key list, q to stop); Ctrl-C stops at once. The status is drawn from
/// the model, changed only by the engine's events.
struct PlayingSession {
    struct Item: Sendable {
        let track: PlaybackEngine.Track
        /// Printed before the track begins (a queue's); nil when it was printed already (play).
        let header: String?
        /// How a failure names it ("XC900001", a URL, a file).
        let name: String
        /// What the desktop is told of it; by default its name.
        var desktop: DesktopPlayer.Description? = nil
        /// What its marks (`m`) are kept on; nil: nowhere (a URL).
        var marksOn: MarkSubject? = nil
        /// Its annotations: where `.` and `,` go, with its marks (read once the play has begun).
        var landmarks: [MarkedRegion] = []
    }

    let items: [Item]
    let screen: KeyScreen
    let repeating: Bool
    let gap: Double
    /// Where the status line goes: under each track's header, or under compare's frame.
    var layout = PlayingView.Layout.lines
    let engine: PlaybackEngine
    let input: TerminalInput
    /// Set by Ctrl-C on the keyboard: the play is stopped and the command exits 130 the ordinary way.
    let interrupted = InterruptFlag()
    /// Set when a repeating queue stopped because a whole pass of it failed: going round again would
    /// only fail again, for ever.
    let gaveUp = InterruptFlag()

    init(_ items: [Item], screen: KeyScreen, repeating: Bool = false, gap: Double = 0, options: PlaybackEngine.Options) {
        self.items = items
        self.screen = screen
        self.repeating = repeating
        self.gap = gap
        engine = PlaybackEngine(options: options)
        input = TerminalInput()
    }

    /// SIGINT and SIGTERM from outside (not the keyboard's Ctrl-C, which is a key here): the terminal is
    /// given back, the sound stopped, and the process exits 130. Once per process, before `run`: the
    /// commands' call, so that in-process tests leave the test runner's signals alone.
    func stopOnSignals() {
        let (engine, input) = (engine, input)
        InterruptHandler.install {
            input.restore()
            engine.stop()
            if Terminal.allowsEscapes(STDOUT_FILENO) { StandardOutput.raw(TerminalEscape.clearBelow + "\n") }
        }
    }

    /// Plays to the end of the items (or forever with `repeating`), q, or Ctrl-C. The terminal is
    /// restored before it returns.
    func run() async -> PlaybackEngine.Report {
        let live = Terminal.allowsEscapes(STDOUT_FILENO)
        let model = PlayingModel(screen: screen, lengths: items.map(\.track.duration), repeating: repeating, linear: !live,
                                 landmarks: items.map(\.landmarks))
        let view = PlayingView(items: items, model: model, live: live,
                               takesKeys: input.isInteractive, width: min(Terminal.width, 100), layout: layout)
        let keys = input.handleKeys(interrupt: { [engine, interrupted] in
            interrupted.set()
            engine.stop()
        }) { [engine] key in
            for command in key.unalted.flatMap(view.press) {
                if let volume = await Self.carryOut(command, engine) { view.say(volume: volume) }
            }
        }
        let desktop = DesktopPlayer()
        let desktopRequests = Task { [engine] in
            for await request in desktop.requested {
                for command in DesktopPlayer.commands(for: request, in: desktop.current) { _ = await Self.carryOut(command, engine) }
            }
        }
        defer {
            keys.cancel()
            desktop.close()
            desktopRequests.cancel()
            input.restore()
        }
        let (items, repeating, gaveUp) = (items, repeating, gaveUp)
        let marks = MarkKeeper(subjects: items.map(\.marksOn))
        // First on the marks' queue: every mark made after is kept after these are known.
        marks.queue.async { view.learn(marks.stored()) }
        let report = await engine.play(gap: gap, track: { index in
            guard index < items.count || repeating else { return nil }
            guard !view.wholePassFailed else {
                gaveUp.set()
                return nil
            }
            return items[index % items.count].track
        }, gapLeft: { view.showGap($0) }, events: {
            if case .marked = $1 {
                // Kept off the player's thread (the library may wait for another chirper's write), one
                // mark after another: each is made once the one before is kept.
                let (index, event) = ($0.index, $1)
                marks.queue.async {
                    for case .keepMark(let item, let region, let replacing) in view.apply(index, event) {
                        view.kept(item, region, marks.keep(region, item: item, replacing: replacing))
                    }
                }
            } else {
                _ = view.apply($0.index, $1)
            }
            let item = items[$0.index % items.count]
            desktop.apply($1, of: (item.desktop ?? .named(item.name)).track(number: $0.index, seconds: item.track.duration),
                          canGoNext: repeating || $0.index + 1 < items.count)
        })
        marks.queue.sync {}  // the marks asked for are kept (or said not to be) before the play ends
        view.end(stopped: report.stopped)
        return report
    }

    /// The new volume when the command changed it.
    private static func carryOut(_ command: PlayingModel.Command, _ engine: PlaybackEngine) async -> Double? {
        switch command {
        case .listen(let listening): return await engine.listen(listening)
        case .quit: engine.stop()
        case .sayKeys: break  // the view says them
        case .keepMark: break  // asked by the engine's events, kept there
        }
        return nil
    }

    /// `run` for the commands that play chosen recordings (play, compare): Ctrl-C ends the command with
    /// 130, and a track that fails ends it with 5 and the reason, said of the item's name.
    func runFailingOnAnyTrack() async throws {
        let report = await run()
        if interrupted.isSet { throw CommandFailure(exitCode: .interrupted) }
        if let failure = report.failed.first {
            throw CommandFailure(message: "chirper: \(items[failure.index % items.count].name): \(failure.error)",
                                 exitCode: .playbackFailed)
        }
    }
}

/// A boolean one task sets and another reads.
final class InterruptFlag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
