import ArgumentParser
import ChirperApp

extension Chirper {
    struct Search: AsyncParsableCommand, TopLevelCommand {
        static let name = "search"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Search xeno-canto and print one page of results as a table.",
            discussion: """
                Bare words search English names (great tit → en:"great tit"); tagged terms pass as typed:
                sp:"parus major", gen:turdus, cnt:france, type:song, q:A, nr:123456.
                """)

        @Argument(help: "The query: words and/or v3 tags.", completion: QueryWords.completion)
        var query: [String]

        @OptionGroup var pages: PageOptions
        @OptionGroup var api: APIOptions

        @Flag(help: "Print one JSON object per recording per line (NDJSON), for scripts.")
        var json = false

        @Option(name: .customLong("pages"), help: "How many pages to list, from --page on (at most one request a second).")
        var pageCount = 1

        func validate() throws {
            guard !query.joined().trimmed.isEmpty else {
                throw ValidationError("Give a query, e.g. chirper search great tit")
            }
            try OptionRange.check(pageCount, OptionRange.count, "--pages must be from 1 to 1000000.")
        }

        func run() async throws {
            try await SearchJob.run(words: query, pages: pages.choice, json: json, pageCount: pageCount, api: api.choice)
        }
    }
}
