import Audio
import ChirperCore
import Glibc
import PlaybackModel

/// `compare`: two recordings' sonograms stacked on one axis and one seconds scale, A played then B
/// (alternating with `repeating`), Tab switching to the other at the same point of its length.
public enum CompareJob {
    /// `repeating`: go on alternating A and B until q (on a terminal).
    /// `maxKilohertz`: the top of the shared frequency axis; nil: the lower of the two Nyquist frequencies.
    public static func run(first: String, second: String, repeating: Bool, maxKilohertz: Double?, sound: SoundChoice, api: APIChoice) async throws {
        let a = try await CompareSide.make("A", first, api: api)
        let b = try await CompareSide.make("B", second, api: api)
        let live = Terminal.allowsEscapes(STDOUT_FILENO)
        let size = Terminal.size ?? (width: 100, height: 40)
        let frame = CompareFrame([a.frameSide, b.frameSide], width: min(size.width, 160), lines: max(14, size.height - 2),
                                 maxHertz: maxKilohertz.map { $0 * 1000 })
        // Drawn again in place (the position line, the side that plays) only when the frame and the
        // status line fit the terminal, as a redraw moves up by the frame's lines; else drawn once.
        let redraws = live && frame.lineCount < size.height
        let items = [a, b].map { PlayingSession.Item(track: $0.track, header: redraws ? nil : "\($0.letter) · \($0.frameSide.label)", name: $0.subject) }
        let repeating = repeating && live
        var session = PlayingSession(items, repeating: repeating, options: sound.playerOptions())
        session.stopOnSignals()
        let colours = ColorChoice.auto.sonogramColours(on: STDOUT_FILENO)
        if redraws {
            let screen = CompareScreen(frame: frame, colours: colours)
            screen.draw()
            session.oneStatusLine = true
            session.observer = { index, event in screen.apply(index, event) }
            let (engine, durations) = (session.engine, [a.duration, b.duration])
            session.otherKeys = { key in
                guard key == .tab, let (index, seconds) = screen.heard else { return }
                // The other recording at the same point of its length.
                let fraction = seconds / max(0.001, durations[index % 2])
                let other = repeating ? index + 1 : 1 - index
                engine.send(.play(index: other, from: fraction * durations[other % 2]))
            }
        } else {
            StandardOutput.write(frame.lines(colours: colours))
        }
        try await session.runFailingOnAnyTrack()
    }
}
