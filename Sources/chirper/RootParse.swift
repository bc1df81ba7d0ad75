import ArgumentParser
import Synchronization

/// The parse of a command line, made cheaper than ArgumentParser's own where the result is the same.
/// ArgumentParser builds the tree of every command and parses the root before the command named,
/// and before all that looks for `--generate-completion-script` by parsing the arguments as two other
/// commands; on a play's way to its first sound most of that is the Swift runtime's first checks of
/// what conforms to what (docs/performance.md). So a command line that does not name that option is
/// first parsed with the command it names as the root, without the search (while it runs, each root
/// names a super command, which ArgumentParser takes as "no completion scripts here"). A command line
/// that fails that parse or asks for help, the version or a command this root does not name is parsed
/// once more in the ordinary way, so what a person reads is ArgumentParser's own.
enum RootParse {
    /// Whether the parse under way is the quick one (`configuration(_:)`).
    private static let quick = Atomic<Bool>(false)

    static let completionOption = "--generate-completion-script"

    /// A top-level command's configuration (`full`), as the parse under way needs it.
    fileprivate static func configuration(_ full: CommandConfiguration) -> CommandConfiguration {
        var configuration = full
        if quick.load(ordering: .relaxed) { configuration._superCommandName = "chirper" }
        return configuration
    }

    static func command(_ arguments: [String]) throws -> ParsableCommand {
        if !arguments.contains(where: { $0.hasPrefix(completionOption) }) {
            quick.store(true, ordering: .relaxed)
            let parsed = quickParse(arguments)
            quick.store(false, ordering: .relaxed)
            if let parsed { return parsed }
        }
        return try Chirper.parseAsRoot(arguments)
    }

    /// The command `arguments` name, parsed as the root; nil when that parse fails or gives anything
    /// but a command of that command's own tree (help).
    private static func quickParse(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first,
              let named = Chirper.commands.first(where: { $0.name == name })
                  ?? Chirper.commands.first(where: { $0.configuration.aliases.contains(name) }),
              let parsed = try? named.parseAsRoot(Array(arguments.dropFirst())),
              isInTree(type(of: parsed), of: named) else { return nil }
        return parsed
    }

    private static func isInTree(_ command: ParsableCommand.Type, of root: ParsableCommand.Type) -> Bool {
        command == root || root.configuration.subcommands.contains { isInTree(command, of: $0) }
    }
}

/// A command of Chirper's top level, which the quick parse may parse as the root: its configuration is
/// `fullConfiguration`, naming `chirper` as its super command while that parse runs. Its `name` (the
/// configuration's `commandName`) is found without making any command's configuration, some of which
/// put their help together from the key map.
protocol TopLevelCommand: ParsableCommand {
    static var name: String { get }
    static var fullConfiguration: CommandConfiguration { get }
}

extension TopLevelCommand {
    static var configuration: CommandConfiguration { RootParse.configuration(fullConfiguration) }
}
