import ArgumentParser
import ChirperApp
import ChirperCore

extension Chirper {
    struct Compare: AsyncParsableCommand, TopLevelCommand {
        static let name = "compare"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Two recordings side by side: their sonograms stacked on one axis, played one after the other.",
            discussion: """
                Both sonograms share the frequency axis (fitted to the higher of the two sounds, never above \
                the lower Nyquist frequency; or --max-khz) and the seconds scale. A plays, then B. \
                Without a terminal: both sonograms, then A and B played once.
                """ + "\n" + KeyLists.sentence(on: .compare))

        @Argument(help: "A: 123456, XC123456, a URL or a file path.", completion: .file(extensions: ["mp3"]))
        var first: String

        @Argument(help: "B: the same.", completion: .file(extensions: ["mp3"]))
        var second: String

        @Flag(name: .customLong("repeat"), help: "Go on alternating A and B until q.")
        var repeating = false

        @Option(name: .customLong("max-khz"), help: "The top of the shared frequency axis in kHz.")
        var maxKilohertz: Double?

        @OptionGroup var audio: AudioOptions
        @OptionGroup var api: APIOptions

        func validate() throws {
            try OptionRange.check(maxKilohertz, OptionRange.kilohertz, OptionRange.kilohertzMessage)
        }

        func run() async throws {
            try await CompareJob.run(first: first, second: second, repeating: repeating, maxKilohertz: maxKilohertz,
                                     color: Configuration.current.color(option: nil).value, sound: audio.choice, api: api.choice)
        }
    }
}
