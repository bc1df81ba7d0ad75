import ArgumentParser
import ChirperApp

extension Chirper {
    /// Decodes a recording to nothing, as fast as it goes: `make bench` times it beside `mpg123 -t`.
    /// Hidden: it is a measuring tool, not something a listener needs.
    struct Decode: AsyncParsableCommand, TopLevelCommand {
        static let name = "decode"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Decode a recording without playing it, and say how long that took.",
            shouldDisplay: false)

        @Argument(help: "123456, XC123456, a URL or a file path.")
        var recording: String

        @OptionGroup var api: APIOptions

        func run() async throws {
            try await DecodeJob.run(recording: recording, api: api.choice)
        }
    }
}
