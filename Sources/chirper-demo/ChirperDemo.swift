import ArgumentParser
import DemoCatalog
import Dispatch
import FoundationEssentials
import Glibc
import SystemAccess
import XenoCanto

/// The demo catalog as a program of its own, so the player's binary links no HTTP server: `chirper demo`
/// and `chirper serve-demo` start it as a child process found beside `chirper`. Its first line of
/// output is `Demo catalog: <API URL>`, which `chirper demo` reads to find the port.
@main
struct ChirperDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chirper-demo",
        abstract: "Run the built-in demo catalog: a xeno-canto-compatible server on 127.0.0.1.")

    @Option(help: "The port to listen on (default: one the system picks).")
    var port: Int = 0

    @Option(help: "The API key the server accepts.")
    var key = "demo"

    @Option(help: "builtin (136 recordings, what demo and the tests use), bench (what make bench plays) or soak (200 short tones).")
    var catalog: CatalogName = .builtin

    @Option(name: .customLong("random-faults"), help: ArgumentHelp(
        "Give this share (0 to 1) of the files a fault: a dropped connection, a stall, a 503 or an HTML page (for make soak).",
        valueName: "share"))
    var faultShare = 0.0

    @Option(help: "The seed of --random-faults' choices.")
    var seed: UInt64 = 1

    /// Set by `make bench`, whose TLS front stands before the server: its file URLs and redirects then
    /// lead back through the front.
    @Option(name: .customLong("public-scheme"), help: .hidden)
    var publicScheme: PublicScheme = .http

    enum PublicScheme: String, ExpressibleByArgument { case http, https }

    /// Set by `chirper demo`: standard input is a pipe from the parent, whose end (its exit, a SIGKILL
    /// included) ends the server too, so no orphan keeps the port.
    @Flag(name: .customLong("exit-with-input"), help: .hidden)
    var exitWithInput = false

    enum CatalogName: String, ExpressibleByArgument {
        case builtin, bench, soak
        var recordings: DemoRecordings {
            switch self {
            case .builtin: .builtIn
            case .bench: .benchmark
            case .soak: .soak
            }
        }
    }

    func validate() throws {
        guard (0...1).contains(faultShare) else { throw ValidationError("--random-faults must be from 0 to 1.") }
    }

    func run() async throws {
        if exitWithInput {
            DispatchQueue.global().async {
                var byte: UInt8 = 0
                while true {
                    let count = read(STDIN_FILENO, &byte, 1)
                    if count > 0 || (count < 0 && errno == EINTR) { continue }
                    break  // end of file (the parent is gone) or the pipe failed: either way, go
                }
                Glibc.exit(0)
            }
        }
        let server: DemoServer
        do {
            server = try await DemoServer(.init(port: port, key: key, catalog: catalog.recordings, scheme: publicScheme.rawValue))
        } catch {
            try? FileOutput.write("chirper: \(error)\n", to: STDERR_FILENO)
            throw ExitCode(4)  // the player's "network or server" code
        }
        let faulty = RandomFaults.assign(share: faultShare, seed: seed, to: catalog.recordings, faults: server.faults)
        let lines = [
            "Demo catalog: \(server.apiURL)",
            "API key: \(key)",
            "Try: chirper search --api-url \(server.apiURL) --key \(key) gen:turdus",
            "Stop with Ctrl-C.",
        ] + (faulty.isEmpty ? [] : ["Faults on \(faulty.count) files: " + faulty.map { "XC\($0.id) \($0.fault)" }.joined(separator: ", ")])
        // Written and flushed at once: the parent reads the first line through a pipe.
        do throws(FileOutput.Failure) { try FileOutput.write(lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO) } catch {
            try? FileOutput.write("chirper: cannot write standard output: \(error)\n", to: STDERR_FILENO)
            throw ExitCode(4)
        }
        try await server.wait()
    }
}
