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

        func run() async throws {
            let server: DemoServer
            do {
                server = try await DemoServer(.init(port: port, key: key))
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
