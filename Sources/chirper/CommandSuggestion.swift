import ArgumentParser
import ChirperApp
import ChirperCore
import DisplayText

/// A first word that is no command gets the command it was probably meant to be, or the list of them,
/// instead of the parser's "Unexpected argument".
enum CommandSuggestion {
    /// The message for `arguments` (without the program's name) when their first word names no
    /// command; nil when it does, or is an option.
    static func problem(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let all = Chirper.configuration.subcommands.map { $0.configuration }
        guard !all.contains(where: { ($0.commandName ?? "") == first || $0.aliases.contains(first) }), first != "help" else { return nil }
        let shown = all.filter(\.shouldDisplay).compactMap(\.commandName)
        if let near = SpeciesList.closest(to: first, in: shown) {
            return "chirper: \(Displayable.line(first)) is not a command. Did you mean chirper \(near)?"
        }
        return "chirper: \(Displayable.line(first)) is not a command (to search: chirper search \(Displayable.line(first)) …). Commands: "
            + shown.joined(separator: ", ") + "."
    }
}
