import DemoCatalog
import Foundation

/// Starts a DemoCatalog server of the test's own (its own port, faults and request log), sharing one
/// folder of encoded MP3s between tests so each file is encoded once per machine.
enum TestCatalog {
    static let audioDirectory: URL = {
        let cache = ProcessInfo.processInfo.environment["CHIRPER_TEST_CACHE"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("chirper-test-cache").path
        return URL(fileURLWithPath: cache).appendingPathComponent("chirper/demo-audio")
    }()

    /// One store for every server of the run, so that two tests wanting one file share its encode.
    static let audio = DemoAudioStore(directory: audioDirectory)

    /// The catalog's MP3s, encoded before the first server starts. On a fresh machine that is half a
    /// minute of lame on two cores; done inside the tests, it ran into their time limits.
    static let prepared = Task { try await audio.prepare(DemoRecordings.builtIn.entries.compactMap(\.audio)) }

    /// Runs `body` with a fresh server and stops the server (awaited) whether `body` succeeds or throws.
    static func withServer<T>(key: String = "demo", catalog: DemoRecordings = .builtIn, scheme: String = "http",
                              _ body: (DemoServer) async throws -> T) async throws -> T {
        try await prepared.value
        let server = try await DemoServer(.init(key: key, catalog: catalog, audioDirectory: audioDirectory, scheme: scheme), audio: audio)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

extension DemoServer {
    /// Arguments that point chirper at this server with its key.
    var api: [String] { ["--api-url", apiURL, "--key", configuration.key] }
}
