import ArgumentParser
import Synchronization

/// The parse of a command line. Before its parse proper, ArgumentParser looks for
/// `--generate-completion-script` by parsing the arguments as two other commands, work that lies on
/// a play's way to its first sound. A command line that does not name that option is parsed without
/// the search (while it runs, the root names a super command, which ArgumentParser takes as "no
/// completion scripts here"). A command line that fails that parse (help, version, any mistake) is
/// parsed once more in the ordinary way, so what a person reads is ArgumentParser's own.
enum RootParse {
    /// Whether the parse under way skips the completion script search (`Chirper.configuration`).
    static let skipsCompletionSearch = Atomic<Bool>(false)

    static let completionOption = "--generate-completion-script"

    static func command(_ arguments: [String]) throws -> ParsableCommand {
        if !arguments.contains(where: { $0.hasPrefix(completionOption) }) {
            skipsCompletionSearch.store(true, ordering: .relaxed)
            let parsed = try? Chirper.parseAsRoot(arguments)
            skipsCompletionSearch.store(false, ordering: .relaxed)
            if let parsed { return parsed }
        }
        return try Chirper.parseAsRoot(arguments)
    }
}
