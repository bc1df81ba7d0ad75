import ArgumentParser
import ChirperApp
import ChirperCore
import DisplayText

/// A word that names no command, where a command is expected (`chirper serch`, `chirper pack biuld`),
/// gets the command it was probably meant to be, or the list of them, instead of the parser's
/// "Unexpected argument".
enum CommandSuggestion {
    /// The message for `arguments` (without the program's name) when a command's word names none;
    /// nil when each does, or an option comes first.
    static func problem(_ arguments: [String]) -> String? {
        problem(arguments, among: Chirper.configuration.subcommands, path: "chirper", hasDefault: false)
    }

    private static func problem(_ arguments: [String], among commands: [any ParsableCommand.Type], path: String,
                                hasDefault: Bool) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let names: (CommandConfiguration) -> Bool = { ($0.commandName ?? "") == first || $0.aliases.contains(first) }
        if let nested = commands.lazy.map({ $0.configuration }).first(where: names) {
            guard !nested.subcommands.isEmpty else { return nil }
            return problem(Array(arguments.dropFirst()), among: nested.subcommands, path: path + " " + first,
                           hasDefault: nested.defaultSubcommand != nil)
        }
        let configurations: [CommandConfiguration] = commands.map { $0.configuration }
        let shown = configurations.filter { $0.shouldDisplay }.compactMap { $0.commandName }
        let word = Displayable.line(first)
        // Below the first word, a near command must also begin as the word does (`ab` is not `rm`).
        if let near = SpeciesList.closest(to: first, in: shown), path == "chirper" || (first.count >= 3 && near.first == first.first) {
            return "\(path): \(word) is not a command. Did you mean \(path) \(near)?"
        }
        // Under a command that runs one of its own by default, a word may be that one's argument.
        guard !hasDefault else { return nil }
        let search = path == "chirper" ? " (to search: chirper search \(word) …)" : ""
        return "\(path): \(word) is not a command\(search). Commands: " + shown.joined(separator: ", ") + "."
    }
}
