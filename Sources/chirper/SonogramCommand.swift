import ArgumentParser
import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import PlaybackModel
import Sonogram
import XenoCanto

extension Chirper {
    struct SonogramCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sonogram",
            abstract: "Draw a recording's sonogram (time × frequency) in the terminal, or as a PNG.",
            discussion: """
                The recording is decoded (no sound) and analysed with FFTW: Hann window, half-frame overlap, \
                log magnitude, 0 dB at the loudest point. Colours on a terminal (true colour when COLORTERM says \
                so, else 256), shades when piped.
                """)

        @Argument(help: "123456, XC123456, a URL or an MP3 file.")
        var recording: String

        @Option(name: .customLong("max-khz"), help: "The top of the frequency axis in kHz (default: half the sample rate).")
        var maxKilohertz: Double?

        @Option(help: ArgumentHelp("Also write the picture to this PNG file.", valueName: "file"))
        var png: String?

        @Option(help: "Lines of the terminal to use (default: the terminal's height, or 24).")
        var lines: Int?

        @Option(name: .customLong("color"), help: ArgumentHelp("Colours: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.", valueName: "when"))
        var color: ColorChoice = .auto

        @Flag(name: .customLong("no-colour"), help: "Shades instead of colours: --color never.")
        var noColour = false

        @OptionGroup var api: APIOptions

        func validate() throws {
            if let maxKilohertz, maxKilohertz <= 0 { throw ValidationError("--max-khz must be more than 0.") }
            if let lines, lines < 6 { throw ValidationError("--lines must be 6 or more.") }
        }

        func run() async throws {
            let (source, name, duration) = try await RecordingSource.resolve(recording, api: api)
            let spectrogram: Spectrogram
            do {
                spectrogram = try await SonogramMaker.spectrogram(of: source, expectedSeconds: duration)
            } catch {
                throw CommandFailure(message: "chirper: \(name): \(error)", exitCode: .playbackFailed)
            }
            let size = SonogramText.pictureSize(width: Terminal.width, lines: lines ?? (Terminal.size?.height).map { $0 - 2 } ?? 24)
            let picture = SonogramPicture(spectrogram, width: size.width, height: size.height, maxHertz: maxKilohertz.map { $0 * 1000 })
            StandardOutput.write(SonogramText.lines(picture, colours: colours))
            if let png {
                let image = SonogramPicture(spectrogram, width: min(1600, max(400, spectrogram.columns.count)), height: 300,
                                            maxHertz: maxKilohertz.map { $0 * 1000 })
                do { try PNGImage.write(image, to: png) } catch {
                    throw CommandFailure(message: "chirper: \(error)", exitCode: .usage)
                }
                StandardOutput.write(["Wrote \(png) (\(image.width)×\(image.height))."])
            }
        }

        private var colours: SonogramText.Colours {
            guard !noColour, color.wantsColour(on: STDOUT_FILENO) else { return .none }
            let colourTerm = ProcessInfo.processInfo.environment["COLORTERM"] ?? ""
            return colourTerm == "truecolor" || colourTerm == "24bit" ? .trueColour : .palette256
        }
    }
}
