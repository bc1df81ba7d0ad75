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

    static func start(key: String = "demo") async throws -> DemoServer {
        try await DemoServer(.init(key: key, audioDirectory: audioDirectory))
    }
}

extension DemoServer {
    /// Arguments that point chirper at this server with its key.
    var api: [String] { ["--api-url", apiURL, "--key", configuration.key] }
}
