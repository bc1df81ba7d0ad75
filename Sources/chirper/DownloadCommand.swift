import ArgumentParser
import ChirperApp
import XenoCanto

extension Chirper {
    /// `chirper download`: recordings' files saved under their xeno-canto names.
    struct Download: AsyncParsableCommand, TopLevelCommand {
        static let name = "download"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Save recordings' sound files under their xeno-canto file names.",
            discussion: """
                Give XC numbers, or a query as search takes it (chirper download great tit cnt:france) for \
                every recording of a page of its results (--page, --per-page). A file \
                already there with the server's size is skipped; a different file of the same name is left \
                as it was and reported. Exit 0 when every file is there, 4 when a download failed, 5 when a \
                recording has no file or a different file holds its name.
                """)

        @Argument(help: "XC numbers (123456 or XC123456), or the words and tags of a query.", completion: QueryWords.completion)
        var recordings: [String] = []

        @Option(help: "The folder to save into (made if missing).")
        var dir = "."

        @Option(help: "The query, as an option (the same as giving its words).")
        var query: String?

        @Option(help: "The page of --query's results, from 1.")
        var page = 1

        @Option(name: .customLong("per-page"), help: "Recordings per page, 50 to 500 (default: per-page in the config file, else 100).")
        var perPage: Int?

        @OptionGroup var api: APIOptions

        func validate() throws {
            guard recordings.isEmpty != (query == nil) else {
                throw ValidationError("Give XC numbers or a query, not both and not neither: chirper download XC900001, chirper download great tit")
            }
            // Some numbers among words is a mistyped number list more likely than a query.
            let numbers = recordings.filter(RecordingNumber.isNumber)
            if !numbers.isEmpty, numbers.count < recordings.count, let word = recordings.first(where: { !RecordingNumber.isNumber($0) }) {
                throw ValidationError("\(word) is not an XC number: give XC numbers, or a query's words without numbers (nr:123456 is a tag).")
            }
            try OptionRange.check(page, OptionRange.count, "--page must be from 1 to 1000000.")
            guard perPage.map(PageSize.allowed.contains) ?? true else { throw ValidationError("--per-page must be from 50 to 500.") }
        }

        func run() async throws {
            // Numbers only are recordings; anything else is a query's words, as search reads them.
            let numbers = !recordings.isEmpty && recordings.allSatisfy(RecordingNumber.isNumber)
            let words = query.map { [$0] } ?? (numbers ? [] : recordings)
            try await DownloadJob.run(recordings: numbers ? recordings : [], folder: dir, query: words.isEmpty ? nil : SearchQuery.joining(words),
                                      page: page, perPage: Configuration.current.perPage(option: perPage).value, api: api.choice)
        }
    }
}
