import ArgumentParser
import ChirperApp
import ChirperCore

extension Chirper {
    struct Browse: AsyncParsableCommand, TopLevelCommand {
        static let name = "browse"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Browse results in the terminal: scroll, load more pages as you go, play any row.",
            discussion: KeyLists.sentence(on: .browse) + """
                 Over a pack or a list, / searches the words its names hold.
                Needs a terminal; in a pipe or a script use `chirper search`.
                """)

        @Argument(help: "The query: words and/or v3 tags. Without one, browse starts at the search prompt.", completion: QueryWords.completion)
        var query: [String] = []

        @OptionGroup var shelf: ShelfOptions
        @OptionGroup var pages: PageOptions
        @OptionGroup var api: APIOptions
        @OptionGroup var audio: AudioOptions

        func run() async throws {
            try await BrowseJob.run(words: query, shelf: shelf.choice, pages: pages.choice, api: api.choice, sound: audio.choice)
        }
    }
}
