import ArgumentParser
import ChirperApp

extension Chirper {
    struct Demo: AsyncParsableCommand, TopLevelCommand {
        static let name = "demo"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Search and play the built-in demo catalog: no key, no internet.")

        @Argument(help: "The query to search the demo catalog with.")
        var query: [String] = ["cnt:france", "type:song"]

        @OptionGroup var audio: AudioOptions

        func run() async throws {
            try await DemoJob.run(words: query, sound: audio.choice)
        }
    }
}
