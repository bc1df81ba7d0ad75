import ArgumentParser
import ChirperApp

extension Chirper {
    /// Runs `chirper-demo` (beside this binary) in this process's place, so the player's binary links
    /// no HTTP server; its options are the server's, passed on unchanged.
    struct ServeDemo: ParsableCommand, TopLevelCommand {
        static let name = "serve-demo"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Run the built-in demo catalog: a xeno-canto-compatible server on 127.0.0.1.",
            discussion: "Options: --port N, --key KEY, --catalog builtin|bench|soak, --random-faults SHARE, --seed N (see chirper-demo --help).")

        @Argument(parsing: .captureForPassthrough, help: .hidden)
        var serverArguments: [String] = []

        func run() throws {
            throw DemoJob.serve(serverArguments)
        }
    }
}
