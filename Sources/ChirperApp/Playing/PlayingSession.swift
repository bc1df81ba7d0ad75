import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import PlaybackModel
import Synchronization
import XenoCanto

/// Plays tracks through the one engine with one key map and one status view: `play` (a single track,
/// its header printed already) and `queue` (a header line before each track). Space pauses, n and p
/// move in the queue (n ends a single play), → and ← seek 5 s, + and - change the volume, [ ] { }
/// Backspace and t the speed, l the loop, q stops, Ctrl-C stops at once. The status is drawn from the row's `PlaybackState`, changed only by the
/// engine's events.
struct PlayingSession {
    struct Item: Sendable {
        let track: PlaybackEngine.Track
        /// Printed before the track begins (a queue's); nil when it was printed already (play).
        let header: String?
        /// How a failure names it ("XC900001", a URL, a file).
        let name: String
    }

    let items: [Item]
    let repeating: Bool
    let gap: Double
    /// Told of every event before the status line is (compare's screen redraws its position line).
    var observer: (@Sendable (Int, PlaybackEvent) -> Void)?
    /// Keys the session has no use for (compare's Tab).
    var otherKeys: (@Sendable (TerminalKey) async -> Void)?
    /// One status line for every track, drawn over (compare), instead of one line each.
    var oneStatusLine = false
    let engine: PlaybackEngine
    let input: TerminalInput
    /// Set by Ctrl-C on the keyboard: the play is stopped and the command exits 130 the ordinary way.
    let interrupted = InterruptFlag()
    /// Set when a repeating queue stopped because a whole pass of it failed: going round again would
    /// only fail again, for ever.
    let gaveUp = InterruptFlag()

    init(_ items: [Item], repeating: Bool = false, gap: Double = 0, options: PlaybackEngine.Options) {
        self.items = items
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
            if Terminal.allowsEscapes(STDOUT_FILENO) { StandardOutput.raw("\n") }
        }
    }

    /// The seek step of → and ←, and the volume step of + and -.
    static let seekStep = 5.0
    static let volumeStep = 0.1

    /// Plays to the end of the items (or forever with `repeating`), q, or Ctrl-C. The terminal is
    /// restored before it returns.
    func run() async -> PlaybackEngine.Report {
        let keys = input.handleKeys(interrupt: { [engine, interrupted] in
            interrupted.set()
            engine.stop()
        }) { [engine, otherKeys] key in
            switch key {
            case .character(" "): await engine.togglePause()
            case .character("n"): engine.send(.next)
            case .character("p"): engine.send(.previous)
            case .right: engine.send(.seek(by: Self.seekStep))
            case .left: engine.send(.seek(by: -Self.seekStep))
            case .character("+"), .character("="): await engine.changeVolume(by: Self.volumeStep)
            case .character("-"): await engine.changeVolume(by: -Self.volumeStep)
            case .character("["): engine.send(.speed(.slower))
            case .character("]"): engine.send(.speed(.faster))
            case .character("{"): engine.send(.speed(.halve))
            case .character("}"): engine.send(.speed(.double))
            case .backspace: engine.send(.speed(.reset))
            case .character("t"): engine.send(.speed(.toggleTape))
            case .character("l"): engine.send(.markLoop)
            case .character("q"), .character("Q"): engine.stop()
            default: await otherKeys?(key)
            }
        }
        defer {
            keys.cancel()
            input.restore()
        }
        let view = StatusView(items: items, live: Terminal.allowsEscapes(STDOUT_FILENO), width: min(Terminal.width, 100),
                              oneLine: oneStatusLine)
        let (items, repeating, observer, gaveUp) = (items, repeating, observer, gaveUp)
        // Tracks failed one after another since the last that played: as many as the queue holds is a
        // whole pass in which nothing played.
        let failedInARow = Mutex(0)
        let report = await engine.play(gap: gap, track: { index in
            guard index < items.count || repeating else { return nil }
            guard failedInARow.withLock({ $0 < items.count }) else {
                gaveUp.set()
                return nil
            }
            return items[index % items.count].track
        }, gapLeft: { view.showGap($0) }, events: {
            switch $1 {
            case .failed: failedInARow.withLock { $0 += 1 }
            case .started: failedInARow.withLock { $0 = 0 }
            case .buffering, .position, .paused, .resumed, .settings, .finished: break
            }
            observer?($0.index, $1)
            view.apply($0.index, $1)
        })
        view.end()
        return report
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

/// What a playing session shows: a track's header line when it begins (a queue's), its status redrawn
/// in place on a TTY (one plain line per change when piped), and a line when it fails. Events come from
/// the engine and from the key task (pause), hence the lock.
final class StatusView: Sendable {
    private let items: [PlayingSession.Item]
    private let live: Bool
    private let width: Int
    private let oneLine: Bool
    private struct Shown {
        var index = -1
        var state = PlaybackState.idle
        var settings = ListeningSettings.normal
        var plain = ""
    }
    private let shown = Mutex(Shown())

    init(items: [PlayingSession.Item], live: Bool, width: Int, oneLine: Bool = false) {
        self.items = items
        self.live = live
        self.width = width
        self.oneLine = oneLine
    }

    func apply(_ index: Int, _ event: PlaybackEvent) {
        let item = items[index % items.count]
        shown.withLock { shown in
            if shown.index != index {
                if live && shown.index >= 0 && !oneLine { StandardOutput.raw("\n") }
                shown = Shown(index: index, settings: shown.settings)
                if let header = item.header { StandardOutput.raw("\(index % items.count + 1)/\(items.count) · \(header)\n") }
            }
            shown.state = shown.state.applying(event, knownDuration: item.track.duration)
            if case .settings(let settings) = event { shown.settings = settings }
            if case .failed(let error) = shown.state {
                StandardOutput.raw((live ? TerminalEscape.clearLine : "") + "✗ \(item.name): \(error)" + (live ? "" : "\n"))
                return
            }
            if live {
                StandardOutput.raw(TerminalEscape.clearLine + PlaybackLine.render(shown.state, settings: shown.settings, width: width))
            } else {
                let plain = PlainStatus.line(shown.state, settings: shown.settings)
                if plain != shown.plain, !plain.isEmpty {
                    StandardOutput.raw(plain + "\n")
                    shown.plain = plain
                }
            }
        }
    }

    /// Between tracks: how long until the next, counting down on a terminal.
    func showGap(_ seconds: Int) {
        guard live else { return }
        StandardOutput.raw(TerminalEscape.clearLine + "next in \(seconds) s")
    }

    /// After the last track: end the live line.
    func end() {
        shown.withLock { shown in
            if live && shown.index >= 0 { StandardOutput.raw("\n") }
        }
    }
}

/// Status lines for a pipe: what happened, without the ticking clock.
enum PlainStatus {
    static func line(_ state: PlaybackState, settings: ListeningSettings = .normal) -> String {
        let tools = settings.statusSuffix
        switch state {
        case .idle: return ""
        case .buffering: return "buffering"
        case .playing(let position): return "playing" + (position.duration.map { " (" + RecordingLength.format($0) + ")" } ?? "") + tools
        case .paused: return "paused" + tools
        case .failed(let error): return "failed: \(error)"
        }
    }
}

/// A boolean one task sets and another reads.
final class InterruptFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
