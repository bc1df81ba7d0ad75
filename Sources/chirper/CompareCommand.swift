import ArgumentParser
import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import PlaybackModel
import Sonogram
import Synchronization
import XenoCanto

extension Chirper {
    struct Compare: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Two recordings side by side: their sonograms stacked on one axis, played one after the other.",
            discussion: """
                Both sonograms share the frequency axis (up to the lower of the two Nyquist frequencies, or \
                --max-khz) and the seconds scale. A plays, then B. Keys on a terminal: Tab switches to the other \
                recording at the same point of its length; the keys of play (space, → ←, [ ] { } Backspace t, l, \
                n, q) work on the one playing. Without a terminal: both sonograms, then A and B played once.
                """)

        @Argument(help: "A: 123456, XC123456, a URL or a file path.")
        var first: String

        @Argument(help: "B: the same.")
        var second: String

        @Flag(name: .customLong("repeat"), help: "Go on alternating A and B until q.")
        var repeating = false

        @Option(name: .customLong("max-khz"), help: "The top of the shared frequency axis in kHz.")
        var maxKilohertz: Double?

        @OptionGroup var audio: AudioOptions
        @OptionGroup var api: APIOptions

        func validate() throws {
            if let maxKilohertz, maxKilohertz <= 0 { throw ValidationError("--max-khz must be more than 0.") }
        }

        func run() async throws {
            let a = try await Side.make("A", first, api: api)
            let b = try await Side.make("B", second, api: api)
            let live = Terminal.allowsEscapes(STDOUT_FILENO)
            let size = Terminal.size ?? (width: 100, height: 40)
            let frame = CompareFrame([a.frameSide, b.frameSide], width: min(size.width, 160), lines: max(14, size.height - 2),
                                     maxHertz: maxKilohertz.map { $0 * 1000 })
            // Drawn again in place (the position line, the side that plays) only when the frame and the
            // status line fit the terminal, as a redraw moves up by the frame's lines; else drawn once.
            let redraws = live && frame.lineCount < size.height
            let items = [a, b].map { PlayingSession.Item(track: $0.track, header: redraws ? nil : "\($0.letter) · \($0.frameSide.label)", name: "\($0.letter) (\($0.input))") }
            let repeating = self.repeating && live
            var session = PlayingSession(items, repeating: repeating, options: audio.playerOptions())
            if redraws {
                let screen = CompareScreen(frame: frame, colours: live && !Terminal.noColorAsked ? .palette256 : .none)
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
                StandardOutput.write(frame.lines(colours: live && !Terminal.noColorAsked ? .palette256 : .none))
            }
            let report = await session.run()
            if session.interrupted.isSet { throw CommandFailure(message: "", exitCode: .interrupted) }
            if let failure = report.failed.first {
                throw CommandFailure(message: "chirper: \(items[failure.index % 2].name): \(failure.error)", exitCode: .playbackFailed)
            }
        }
    }
}

/// One recording of the two: where its sound is, its label and its sonogram. A failure names the side.
private struct Side {
    let letter: String
    let input: String
    let track: PlaybackEngine.Track
    let frameSide: CompareFrame.Side
    var duration: Double { frameSide.spectrogram.duration }

    static func make(_ letter: String, _ input: String, api: APIOptions) async throws -> Side {
        let found: RecordingSource.Found
        let source: AudioSource
        do {
            found = try await RecordingSource.lookup(input, api: api)
            source = try found.playable()
        } catch let failure as CommandFailure {
            throw failure.about("\(letter) (\(input))")
        }
        let spectrogram: Spectrogram
        do {
            spectrogram = try await SonogramMaker.spectrogram(of: source, expectedSeconds: found.duration)
        } catch {
            throw CommandFailure(message: "chirper: \(letter) (\(input)): \(error)", exitCode: .playbackFailed)
        }
        let label = found.recording.map(Self.label) ?? found.name
        return Side(letter: letter, input: input, track: PlaybackEngine.Track(id: found.name, source: source, duration: found.duration),
                    frameSide: CompareFrame.Side(label: label, spectrogram: spectrogram))
    }

    /// "XC900002 · Parus major · song · Germany · Ana Sousa".
    static func label(_ recording: Recording) -> String {
        (["XC" + recording.id, recording.scientificName, recording.soundType, recording.country, recording.recordist] as [String?])
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

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
    private let shown = Mutex(Shown())

    init(frame: CompareFrame, colours: SonogramText.Colours) {
        self.frame = frame
        self.colours = colours
    }

    /// What plays and how far into it (for Tab), nil before anything does.
    var heard: (index: Int, seconds: Double)? { shown.withLock { shown in shown.index.map { ($0, shown.seconds) } } }

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
            case .position(let elapsed, _): seconds = elapsed
            default:
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
