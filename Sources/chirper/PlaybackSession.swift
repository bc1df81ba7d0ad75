import Audio
import ChirperCore
import Foundation
import Synchronization
import XenoCanto

/// Plays one source with a live status: a redrawn line on a TTY, plain lines when piped; space pauses,
/// q stops, Ctrl-C stops at once. The status is drawn from the row's `PlaybackState`, changed only by
/// the player's events.
struct PlaybackSession {
    let player: Player
    let input: TerminalInput
    let live = Terminal.allowsEscapes(STDOUT_FILENO)
    /// Set by Ctrl-C on the keyboard: the play is stopped and the command exits 130 the ordinary way.
    let interrupted = InterruptFlag()

    init(options: Player.Options) {
        player = Player(options: options)
        input = TerminalInput()
        let (player, input) = (player, input)
        InterruptHandler.install {
            input.restore()
            player.stop()
            if Terminal.allowsEscapes(STDOUT_FILENO) { FileHandle.standardOutput.write(Data("\n".utf8)) }
        }
    }

    /// Plays to the end; returns the outcome. The terminal is restored before it returns.
    func play(_ source: AudioSource, name: String, duration: Double?) async -> Player.Outcome {
        let keys = input.handleKeys(interrupt: { [player, interrupted] in
            interrupted.set()
            player.stop()
        }) { [player] key in
            switch key {
            case .character(" "): _ = await player.setPaused(!player.isPaused)
            case .character("q"), .character("Q"): player.stop()
            default: break
            }
        }
        defer {
            keys.cancel()
            input.restore()
        }
        let status = StatusDisplay(live: live, width: min(Terminal.width, 100), duration: duration)
        let outcome = await player.play(source, name: name, duration: duration) { status.apply($0) }
        if live { FileHandle.standardOutput.write(Data("\n".utf8)) }
        return outcome
    }
}

/// The row's playback state and how it is shown: redrawn in place on a TTY, one plain line per change
/// of kind when piped. Events come from the playing task and from the key task (pause), hence the lock.
final class StatusDisplay: Sendable {
    private let live: Bool
    private let width: Int
    private let duration: Double?
    private let shown = Mutex((state: PlaybackState.idle, plain: ""))

    init(live: Bool, width: Int, duration: Double?) {
        self.live = live
        self.width = width
        self.duration = duration
    }

    func apply(_ event: PlaybackEvent) {
        shown.withLock { shown in
            shown.state = shown.state.applying(event, knownDuration: duration)
            if live {
                FileHandle.standardOutput.write(Data((Terminal.Escape.clearLine + PlaybackLine.render(shown.state, width: width)).utf8))
            } else {
                let plain = PlainStatus.line(shown.state)
                if plain != shown.plain, !plain.isEmpty {
                    StandardOutput.write([plain])
                    shown.plain = plain
                }
            }
        }
    }
}

/// Status lines for a pipe: what happened, without the ticking clock.
enum PlainStatus {
    static func line(_ state: PlaybackState) -> String {
        switch state {
        case .idle: return ""
        case .buffering: return "buffering"
        case .playing(let position): return "playing" + (position.duration.map { " (" + RecordingLength.format($0) + ")" } ?? "")
        case .paused: return "paused"
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
