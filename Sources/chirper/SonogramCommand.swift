import ArgumentParser
import ChirperApp
import Sonogram

extension Chirper {
    struct SonogramCommand: AsyncParsableCommand, TopLevelCommand {
        static let name = "sonogram"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Draw a recording's sonogram (time × frequency) in the terminal, or as a PNG.",
            discussion: """
                The recording is decoded (no sound) and analysed with FFTW: Hann window, half-frame overlap, \
                log magnitude, 0 dB at the loudest point. Colours on a terminal (true colour when COLORTERM says \
                so, else 256), shades when piped.
                """)

        @Argument(help: "123456, XC123456, a URL or an MP3 file.", completion: .file(extensions: ["mp3"]))
        var recording: String

        @Option(name: .customLong("max-khz"), help: "The top of the frequency axis in kHz (default: fitted to the sound, at least 4).")
        var maxKilohertz: Double?

        @Option(help: ArgumentHelp("Also write a figure to this PNG file: the sonogram with its axes, a title with the attribution, the colour scale.", valueName: "file"),
                completion: .file(extensions: ["png"]))
        var png: String?

        @Option(help: "Lines of the terminal to use (default: the terminal's height, or 24).")
        var lines: Int?

        @Option(name: .customLong("color"), help: ArgumentHelp("Colours: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never (default: color in the config file, else auto).", valueName: "when"))
        var color: ColorChoice?

        @Flag(name: .customLong("no-colour"), help: "Shades instead of colours: --color never.")
        var noColour = false

        @Flag(help: "Say the sonogram in words instead of drawing it: its band, its phrases, the loudest with their pitch and shape (also in the linear mode: --plain, TERM=dumb).")
        var describe = false

        @Option(help: "The PNG's width in pixels, 300 to 4000 (default 1000).")
        var width: Int?

        @Option(help: "The PNG's height in pixels, 200 to 3000 (default 500).")
        var height: Int?

        @OptionGroup var api: APIOptions

        func validate() throws {
            try OptionRange.check(width, SonogramFigure.widths, "--width must be from 300 to 4000.")
            try OptionRange.check(height, SonogramFigure.heights, "--height must be from 200 to 3000.")
            try OptionRange.check(maxKilohertz, OptionRange.kilohertz, OptionRange.kilohertzMessage)
            try OptionRange.check(lines, OptionRange.sonogramLines, "--lines must be from 6 to 1000.")
            if png?.isEmpty == true { throw ValidationError("--png needs a file's name, or - for standard output.") }
        }

        func run() async throws {
            let size = (width: width ?? SonogramFigure.standardSize.width, height: height ?? SonogramFigure.standardSize.height)
            try await SonogramJob.run(recording: recording, maxKilohertz: maxKilohertz, png: png, size: size, lines: lines,
                                  color: noColour ? .never : Configuration.current.color(option: color).value, describe: describe, api: api.choice)
        }
    }
}

extension ColorChoice: ExpressibleByArgument {}
