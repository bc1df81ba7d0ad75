import ArgumentParser
import Audio
import ChirperApp
import ChirperHTTP
import FoundationEssentials
import Glibc
import SystemAccess
import XenoCanto

/// The `chirper` command: search, listen to and learn about xeno-canto recordings from a terminal.
@main
struct Chirper: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chirper",
        abstract: "Search xeno-canto's bird and wildlife sounds, list them, play them.",
        discussion: "--plain, on any command (or CHIRPER_PLAIN=1, or plain = true in the config file): whole lines only, nothing redrawn, for screen readers and logs; on by itself with TERM=dumb or into a pipe. Exit codes: 0 found, 1 no match, 2 usage, 3 API key problem, 4 network or server, 5 playback failed, 6 library unusable, 74 standard output not written, 130 interrupted.",
        version: "0.1.0",
        subcommands: commands)

    /// Every command; each is also parsed as a root of its own (`RootParse`).
    static let commands: [any TopLevelCommand.Type] = [
        Search.self, Browse.self, Queue.self, Info.self, Play.self, Compare.self, Download.self, SonogramCommand.self, Cache.self, Pack.self,
        ListCommand.self, HistoryCommand.self, MarksCommand.self, Quiz.self, Names.self, Config.self, Demo.self, ServeDemo.self, Decode.self,
    ]

    /// The commands that play: they begin connecting to the sound server before anything else.
    static let soundCommands: Set<String> = [Play.name, Queue.name, Browse.name, Demo.name, Quiz.name]

    /// What a command that plays begins before its arguments are parsed (the sound server's
    /// connection, and play's request when the command line names a URL), made on first use, which
    /// `main` makes before the parse; the commands hand it to their job through `SoundChoice`.
    static let startWork: StartWork? = {
        let arguments = PlainOption.taken(from: Array(CommandLine.arguments.dropFirst()))
        guard let name = arguments.first, soundCommands.contains(name) else { return nil }
        return StartWork.begin(requesting: name == Play.name ? PlayLookAhead.url(in: Array(arguments.dropFirst())) : nil)
    }()

    /// Runs the command, mapping every failure to the documented exit code and a short message on stderr.
    static func main() async {
        NetworkThreads.useOne()
        // The sound server, the event loop thread and play's request get ready while the arguments are parsed.
        _ = startWork
        if BashCompletionScript.isAsked(Array(CommandLine.arguments.dropFirst()), shell: EnvironmentVariable.value("SHELL")) {
            print(BashCompletionScript.text)
            return
        }
        do {
            var command = try RootParse.command(PlainOption.taken(from: Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            if let lost = StandardOutput.problem { throw lost }
        } catch let failure as CommandFailure {
            StandardError.write(failure.message)
            // A command that failed after its output was lost says both, and ends with its own code.
            if let lost = StandardOutput.problem, lost.message != failure.message { StandardError.write(lost.message) }
            Glibc.exit(failure.exitCode.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)  // --help, --version
            }
            // A word that names no command: what was probably meant, rather than the parser's words.
            // Asked only once the parse has failed, so a run that parses does none of it.
            StandardError.write(CommandSuggestion.problem(Array(CommandLine.arguments.dropFirst())) ?? fullMessage(for: error))
            // Parse and validation errors are usage errors: exit 2, as the README documents.
            Glibc.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }
}
