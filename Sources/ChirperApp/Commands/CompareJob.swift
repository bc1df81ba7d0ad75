import Audio
import ChirperCore
import Glibc
import PlaybackModel

/// `compare`: two recordings' sonograms stacked on one axis and one seconds scale, A played then B
/// (alternating with `repeating`), Tab switching to the other at the same point of its length.
public enum CompareJob {
    /// `repeating`: go on alternating A and B until q (on a terminal).
    /// `maxKilohertz`: the top of the shared frequency axis; nil: fitted to the higher of the two sounds.
    /// `color`: the sonograms' colours, as the command line and the config file chose them.
    public static func run(first: String, second: String, repeating: Bool, maxKilohertz: Double?, color: ColorChoice,
                           sound: SoundChoice, api: APIChoice) async throws {
        let a = try await CompareSide.make("A", first, api: api)
        let b = try await CompareSide.make("B", second, api: api)
        let live = Terminal.allowsEscapes(STDOUT_FILENO)
        let size = Terminal.size ?? (width: 100, height: 40)
        let frame = CompareFrame([a.frameSide, b.frameSide], width: min(size.width, 160), lines: max(14, size.height - 2),
                                 maxHertz: maxKilohertz.map { $0 * 1000 })
        // Drawn again in place (the position line, the side that plays) only when the frame and the
        // status line fit the terminal, as a redraw moves up by the frame's lines; else drawn once.
        let redraws = live && frame.lineCount < size.height
        // Each at the length its sonogram measured: Tab moves to the same share of the other's.
        let items = [a, b].map { side in
            var track = side.track
            track.duration = side.duration
            return PlayingSession.Item(track: track, header: redraws ? nil : "\(side.letter) · \(side.frameSide.label)", name: side.subject,
                                       desktop: side.desktop, marksOn: side.marksOn, landmarks: side.annotations)
        }
        let repeating = repeating && live
        var session = PlayingSession(items, screen: .compare, repeating: repeating, options: sound.playerOptions())
        session.stopOnSignals()
        let colours = color.sonogramColours(on: STDOUT_FILENO)
        if redraws {
            let screen = CompareScreen(frame: frame, colours: colours)
            screen.draw()
            session.layout = .compare(screen)
        } else if Terminal.wantsWords {
            // Heard, not seen: each sonogram in words, as `sonogram --describe` says it.
            StandardOutput.write([a, b].flatMap { side in
                ["\(side.letter) · \(side.frameSide.label), its sonogram in words:"]
                    + SonogramDescription.lines(SonogramDescription.describe(side.frameSide.spectrogram)).map { "  " + $0 }
            })
        } else {
            StandardOutput.write(frame.lines(colours: colours))
        }
        try await session.runFailingOnAnyTrack()
    }
}
