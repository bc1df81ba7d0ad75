import Audio
import ChirperCore
import Foundation
import XenoCanto

/// Plays one source with a live status: a redrawn line on a TTY, plain lines when piped; space pauses,
/// q stops, Ctrl-C stops at once. The status is drawn from the row's `PlaybackState`, changed only by
/// the player's events.
struct PlaybackSession {
    let player: Player
    let input: TerminalInput
    let live = Terminal.allowsEscapes(STDOUT_FILENO)

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
        let keys = Task { [player, input] in
            for await key in input.keys() {
                switch key {
                case .space: _ = await player.setPaused(!player.isPaused)
                case .quit: player.stop()
                case .interrupt:
                    input.restore()
                    player.stop()
                    exit(ExitStatus.interrupted.rawValue)
                case .character: break
                }
            }
        }
        defer {
            keys.cancel()
            input.restore()
        }
        var state = PlaybackState.idle
        var lastPlain = ""
        let width = min(Terminal.width, 100)
        let outcome = await player.play(source, name: name, duration: duration) { event in
            state = state.applying(event, knownDuration: duration)
            if live {
                FileHandle.standardOutput.write(Data((Terminal.Escape.clearLine + PlaybackLine.render(state, width: width)).utf8))
            } else {
                // Piped: one line per change of kind, not per tick.
                let plain = PlainStatus.line(state)
                if plain != lastPlain, !plain.isEmpty {
                    StandardOutput.write([plain])
                    lastPlain = plain
                }
            }
        }
        if live { FileHandle.standardOutput.write(Data("\n".utf8)) }
        return outcome
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
