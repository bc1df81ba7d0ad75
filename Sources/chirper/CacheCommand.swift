import ArgumentParser
import Audio
import ChirperCore
import Foundation

extension Chirper {
    struct Cache: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cache",
            abstract: "The recordings kept after a whole download: list them, or clear them.",
            discussion: "Kept in $XDG_CACHE_HOME/chirper/recordings (~/.cache/chirper/recordings); replays need no request.",
            subcommands: [List.self, Clear.self])

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "The cached recordings, most recently played first.")

            func run() throws {
                let cache = AudioCache(directory: AudioCache.defaultDirectory())
                let entries = cache.entries()
                let total = entries.reduce(0) { $0 + $1.bytes }
                let format = DateFormatter()
                format.dateFormat = "yyyy-MM-dd HH:mm"
                StandardOutput.write(entries.map { "\(format.string(from: $0.lastPlayed))  \(ByteCount.text($0.bytes).padding(toLength: 9, withPad: " ", startingAt: 0))  \($0.name)" }
                    + ["\(entries.count) recording\(entries.count == 1 ? "" : "s"), \(ByteCount.text(total)) in \(cache.directory.path)"])
            }
        }

        struct Clear: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cached recording.")

            func run() throws {
                let cache = AudioCache(directory: AudioCache.defaultDirectory())
                let count = cache.entries().count
                do { try cache.clear() } catch {
                    throw CommandFailure(message: "chirper: cannot clear \(cache.directory.path): \(error.localizedDescription)", exitCode: .usage)
                }
                StandardOutput.write(["Removed \(count) recording\(count == 1 ? "" : "s") from \(cache.directory.path)."])
            }
        }
    }
}
