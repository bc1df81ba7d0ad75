import ArgumentParser
import ChirperApp

extension Chirper {
    /// `chirper list`: the lists browse's f (star) fills.
    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The lists of starred recordings (f in browse stars into the list starred).",
            discussion: "chirper list shows the lists; a list plays with chirper queue --list NAME and becomes a pack with chirper pack build NAME --list LIST.",
            subcommands: [All.self, Show.self, Remove.self],
            defaultSubcommand: All.self)

        struct All: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "all", abstract: "Every list and its size (the default).")
            func run() throws { try ListJob.lists() }
        }

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "A list's recordings.")
            @Argument(help: "The list's name, e.g. starred.", completion: ShelfNames.list) var name: String
            func run() throws { try ListJob.show(name) }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Take recordings off a list.")
            @Argument(help: "The list's name.", completion: ShelfNames.list) var name: String
            @Argument(help: "XC numbers.") var recordings: [String]
            func run() throws { try ListJob.remove(recordings, from: name) }
        }
    }

    /// `chirper history`: the last plays.
    struct HistoryCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history", abstract: "The recordings played last, newest first (--clear forgets plays and searches).")
        @Flag(help: "Forget every play and search.") var clear = false
        @Option(help: "How many plays to show.") var limit = 20
        func validate() throws { try OptionRange.check(limit, OptionRange.count, "--limit must be from 1 to 1000000.") }
        func run() throws { try ListJob.history(clear: clear, limit: limit) }
    }
}
