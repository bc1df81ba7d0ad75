import ArgumentParser
import DemoCatalog
import Foundation

extension Chirper {
    struct ServeDemo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve-demo",
            abstract: "Run the built-in demo catalog: a xeno-canto-compatible server on 127.0.0.1.")

        @Option(help: "The port to listen on (default: one the system picks).")
        var port: Int = 0

        @Option(help: "The API key the server accepts.")
        var key = "demo"

        @Option(help: "builtin (132 recordings, what demo and the tests use), bench (what make bench plays) or soak (200 short tones).")
        var catalog: CatalogName = .builtin

        @Option(name: .customLong("random-faults"), help: ArgumentHelp(
            "Give this share (0 to 1) of the files a fault: a dropped connection, a stall, a 503 or an HTML page (for make soak).",
            valueName: "share"))
        var faultShare = 0.0

        @Option(help: "The seed of --random-faults' choices.")
        var seed: UInt64 = 1

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
            let server: DemoServer
            do {
                server = try await DemoServer(.init(port: port, key: key, catalog: catalog.recordings))
            } catch {
                throw CommandFailure(message: "chirper: \(error)", exitCode: .network)
            }
            let faulty = RandomFaults.assign(share: faultShare, seed: seed, to: catalog.recordings, faults: server.faults)
            StandardOutput.write([
                "Demo catalog: \(server.apiURL)",
                "API key: \(key)",
                "Try: chirper search --api-url \(server.apiURL) --key \(key) gen:turdus",
                "Stop with Ctrl-C.",
            ] + (faulty.isEmpty ? [] : ["Faults on \(faulty.count) files: " + faulty.map { "XC\($0.id) \($0.fault)" }.joined(separator: ", ")]))
            try await server.wait()
        }
    }
}
