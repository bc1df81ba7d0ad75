import Audio
import ChirperCore
import Foundation
import Synchronization
import XenoCanto

/// Plays a list of recordings with the queue's keys and display: a header line before each track, a
/// live status line on a TTY (plain lines when piped), a line for each failure.
struct QueueSession {
    let recordings: [Recording]
    let repeating: Bool
    let gap: Double
    let player: QueuePlayer
    let input: TerminalInput
    let interrupted = InterruptFlag()

    init(recordings: [Recording], repeating: Bool, gap: Double, options: Player.Options) {
        self.recordings = recordings
        self.repeating = repeating
        self.gap = gap
        player = QueuePlayer(options: options)
        input = TerminalInput()
        let (player, input) = (player, input)
        InterruptHandler.install {
            input.restore()
            player.stop()
            if Terminal.allowsEscapes(STDOUT_FILENO) { FileHandle.standardOutput.write(Data("\n".utf8)) }
        }
    }

    /// The seek step of → and ←, and the volume step of + and -.
    static let seekStep = 5.0
    static let volumeStep = 0.1

    func run() async -> QueuePlayer.Report {
        let keys = input.handleKeys(interrupt: { [player, interrupted] in
            interrupted.set()
            player.stop()
        }) { [player] key in
            switch key {
            case .character(" "): await player.setPaused(!player.isPaused)
            case .character("n"): player.send(.next)
            case .character("p"): player.send(.previous)
            case .right: player.send(.seek(by: Self.seekStep))
            case .left: player.send(.seek(by: -Self.seekStep))
            case .character("+"), .character("="): await player.changeVolume(by: Self.volumeStep)
            case .character("-"): await player.changeVolume(by: -Self.volumeStep)
            case .character("q"), .character("Q"): player.stop()
            default: break
            }
        }
        defer {
            keys.cancel()
            input.restore()
        }
        let display = QueueDisplay(recordings: recordings, live: Terminal.allowsEscapes(STDOUT_FILENO), width: min(Terminal.width, 100))
        let (recordings, repeating) = (recordings, repeating)
        let report = await player.play(gap: gap, track: { index in
            guard index < recordings.count || repeating else { return nil }
            let recording = recordings[index % recordings.count]
            return recording.audioURL.map { QueuePlayer.Track(id: recording.id, source: .url($0), duration: recording.duration) }
        }, events: { display.apply($0.index, $1) })
        display.end()
        return report
    }
}

/// What the queue shows: a header line when a track begins, its status (redrawn in place on a TTY, one
/// plain line per change when piped), and a line when it fails. Events come from the playing task and
/// from the key task (pause), hence the lock.
final class QueueDisplay: Sendable {
    private let recordings: [Recording]
    private let live: Bool
    private let width: Int
    private struct Shown {
        var index = -1
        var state = PlaybackState.idle
        var plain = ""
    }
    private let shown = Mutex(Shown())

    init(recordings: [Recording], live: Bool, width: Int) {
        self.recordings = recordings
        self.live = live
        self.width = width
    }

    func apply(_ index: Int, _ event: PlaybackEvent) {
        let recording = recordings[index % recordings.count]
        shown.withLock { shown in
            if shown.index != index {
                if live && shown.index >= 0 { write("\n") }
                shown = Shown(index: index)
                write("\(index % recordings.count + 1)/\(recordings.count) · " + RecordingHeader.line(recording) + "\n")
            }
            shown.state = shown.state.applying(event, knownDuration: recording.duration)
            if case .failed(let error) = shown.state {
                write((live ? Terminal.Escape.clearLine : "") + "✗ XC\(recording.id): \(error)")
                if !live { write("\n") }
                return
            }
            if live {
                write(Terminal.Escape.clearLine + PlaybackLine.render(shown.state, width: width))
            } else {
                let plain = PlainStatus.line(shown.state)
                if plain != shown.plain, !plain.isEmpty {
                    write(plain + "\n")
                    shown.plain = plain
                }
            }
        }
    }

    /// After the last track: end the live line.
    func end() {
        shown.withLock { shown in
            if live && shown.index >= 0 { write("\n") }
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
