import ArgumentParser
import ChirperApp

extension Chirper {
    struct Cache: ParsableCommand, TopLevelCommand {
        static let name = "cache"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "The recordings kept after a whole download: list them, or clear them.",
            discussion: "Kept in $XDG_CACHE_HOME/chirper/recordings (~/.cache/chirper/recordings); replays need no request.",
            subcommands: [List.self, Clear.self])

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "The cached recordings, most recently played first.")

            func run() throws { CacheJob.list() }
        }

        struct Clear: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cached recording.")

            func run() throws { try CacheJob.clear() }
        }
    }
}
