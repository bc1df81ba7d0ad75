import ArgumentParser
import ChirperApp
import XenoCanto

extension Chirper {
    /// `chirper list`: the lists browse's f (star) fills.
    struct ListCommand: ParsableCommand, TopLevelCommand {
        static let name = "list"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "The lists of starred recordings (f in browse stars into the list starred).",
            discussion: "chirper list shows the lists; a list plays with chirper queue --list NAME and becomes a pack with chirper pack build NAME --list LIST.",
            subcommands: [All.self, Show.self, Add.self, Remove.self],
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

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add", abstract: "Put recordings on a list (made when new), as f in browse does.",
                discussion: "Each recording is read from the library when it holds it (a pack, a list, a play), else asked of xeno-canto.")
            @Argument(help: "The list's name, e.g. starred.", completion: ShelfNames.list) var name: String
            @Argument(help: "XC numbers (XC900001, 900001 or its page's address).") var recordings: [String]
            @OptionGroup var api: APIOptions

            func validate() throws {
                guard !recordings.isEmpty else { throw ValidationError("Name at least one recording: chirper list add NAME XC900001 …") }
                if let word = recordings.first(where: { !RecordingNumber.isNumber($0) }) {
                    throw ValidationError("\(word) is not an XC number (XC900001, 900001 or its page's address).")
                }
            }

            func run() async throws { try await ListJob.add(recordings, to: name, api: api.choice) }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Take recordings off a list.")
            @Argument(help: "The list's name.", completion: ShelfNames.list) var name: String
            @Argument(help: "XC numbers.") var recordings: [String]
            func run() throws { try ListJob.remove(recordings, from: name) }
        }
    }

    /// `chirper history`: the last plays.
    struct HistoryCommand: ParsableCommand, TopLevelCommand {
        static let name = "history"
        static let fullConfiguration = CommandConfiguration(
            commandName: name, abstract: "The recordings played last, newest first (--clear forgets plays and searches).")
        @Flag(help: "Forget every play and search.") var clear = false
        @Option(help: "How many plays to show.") var limit = 20
        func validate() throws { try OptionRange.check(limit, OptionRange.count, "--limit must be from 1 to 1000000.") }
        func run() throws { try ListJob.history(clear: clear, limit: limit) }
    }
}
