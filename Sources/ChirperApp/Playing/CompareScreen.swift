import ChirperCore
import PlaybackModel
import Locking

/// The compare frame on a terminal, above the status line: drawn once, then drawn again in place when
/// the recording that plays or its position changes (the position line moves on the one playing).
final class CompareScreen: Sendable {
    private let frame: CompareFrame
    private let colours: SonogramText.Colours
    /// The queue's entry that plays (its side is the entry modulo 2) and the seconds heard into it.
    private struct Shown {
        var index: Int?
        var seconds = 0.0
    }
    private let shown = Locked(Shown())

    init(frame: CompareFrame, colours: SonogramText.Colours) {
        self.frame = frame
        self.colours = colours
    }

    func draw() {
        StandardOutput.raw(frame.lines(colours: colours).joined(separator: "\n") + "\n")
    }

    /// An engine event on queue entry `index`: its side plays; a position moves the line. Drawn again
    /// when the side changes or the line moves a column.
    func apply(_ index: Int, _ event: PlaybackEvent) {
        let side = index % 2
        shown.withLock { shown in
            let seconds: Double
            switch event {
            case .started: seconds = 0
            case .position(let elapsed, _), .jumped(let elapsed): seconds = elapsed
            case .buffering, .paused, .resumed, .settings, .marked, .finished, .failed:
                guard shown.index != index else { return }
                seconds = 0  // another entry begins (buffering): marked at its start
            }
            let picture = frame.pictures[side]
            let redraw = shown.index.map { $0 % 2 } != side || picture.column(at: seconds) != picture.column(at: shown.seconds)
            shown = Shown(index: index, seconds: seconds)
            guard redraw else { return }
            let lines = frame.lines(colours: colours, playing: (side, seconds))
            StandardOutput.raw(TerminalEscape.lineStart(up: lines.count) + lines.map { TerminalEscape.clearLine + $0 }.joined(separator: "\n") + "\n")
        }
    }
}
