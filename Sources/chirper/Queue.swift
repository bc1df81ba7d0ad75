import ArgumentParser
import ChirperApp
import ChirperCore
import XenoCanto

extension Chirper {
    struct Queue: AsyncParsableCommand, TopLevelCommand {
        static let name = "queue"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Play every recording of a page of results, one after another.",
            discussion: KeyLists.sentence(on: .queue) + """
                 p goes to the start of the track when more than 3 s in; Ctrl-C exits 130.
                Restricted recordings (no file) are left out. Exit 0 if anything played, 5 if every track failed or the sound server went away.
                """)

        @Argument(help: "The query: words and/or v3 tags.", completion: QueryWords.completion)
        var query: [String] = []

        @OptionGroup var shelf: ShelfOptions

        @OptionGroup var pages: PageOptions

        @Flag(help: "Play the page in random order.")
        var shuffle = false

        @Flag(name: .customLong("repeat"), help: "Start again from the first track after the last, until q.")
        var repeatQueue = false

        @Option(help: "Play at most this many recordings of the page.")
        var limit: Int?

        @Option(help: "Seconds of silence between tracks (0: one straight after the other).")
        var gap: Double = 0

        @OptionGroup var api: APIOptions
        @OptionGroup var audio: AudioOptions

        func validate() throws {
            guard query.joined().trimmed.isEmpty != (shelf.choice == nil) else {
                throw ValidationError("Give a query (e.g. chirper queue gen:turdus cnt:france) or --pack or --list, one of them.")
            }
            try OptionRange.check(limit, OptionRange.count, "--limit must be from 1 to 1000000.")
            try OptionRange.check(gap, 0...60, "--gap must be from 0 to 60 seconds.")
        }

        func run() async throws {
            try await QueueJob.run(words: query, shelf: shelf.choice, pages: pages.choice, shuffle: shuffle, repeating: repeatQueue, limit: limit, gap: gap,
                               api: api.choice, sound: audio.choice)
        }
    }
}
