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

        @Option(help: "builtin (132 recordings, what demo and the tests use) or bench (what make bench plays).")
        var catalog: CatalogName = .builtin

        enum CatalogName: String, ExpressibleByArgument {
            case builtin, bench
            var recordings: DemoRecordings { self == .bench ? .benchmark : .builtIn }
        }

        func run() async throws {
            let server: DemoServer
            do {
                server = try await DemoServer(.init(port: port, key: key, catalog: catalog.recordings))
            } catch {
                throw CommandFailure(message: "chirper: \(error)", exitCode: .network)
            }
            StandardOutput.write([
                "Demo catalog: \(server.apiURL)",
                "API key: \(key)",
                "Try: chirper search --api-url \(server.apiURL) --key \(key) gen:turdus",
                "Stop with Ctrl-C.",
            ])
            try await server.wait()
        }
    }
}
