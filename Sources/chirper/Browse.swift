import ArgumentParser
import ChirperApp

extension Chirper {
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse results in the terminal: scroll, load more pages as you go, play any row.",
            discussion: """
                Keys: ↑/↓ or j/k move, PgUp/PgDn and g/G jump, Enter plays the row, space pauses and resumes, \
                s stops, / types a new query (over a pack or a list: words its names hold; ↑↓ bring back past searches), \
                f stars the row (F: into a list you name), r retries after an error, i shows the row's details, q or Ctrl-C quits.
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
