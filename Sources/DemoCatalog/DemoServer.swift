import Foundation
import Hummingbird
import Logging
import NIOCore
import XenoCanto

/// A xeno-canto-compatible server on 127.0.0.1: `GET /api/3/recordings` with v3's JSON, paging and key
/// check; `GET /{id}/download` redirecting (302) to the MP3 as xeno-canto's file URLs do; and the MP3s,
/// with Range support. It serves `chirper demo`, `chirper serve-demo` and every integration test.
public final class DemoServer: Sendable {
    public struct Configuration: Sendable {
        public var port: Int
        public var key: String
        public var catalog: DemoRecordings
        public var audioDirectory: URL
        /// The scheme clients reach it by: "https" behind a TLS front, so that its file URLs and
        /// redirects lead back through the front.
        public var scheme: String

        public init(
            port: Int = 0, key: String = "demo", catalog: DemoRecordings = .builtIn,
            audioDirectory: URL = DemoAudioStore.defaultDirectory(), scheme: String = "http"
        ) {
            self.port = port
            self.key = key
            self.catalog = catalog
            self.audioDirectory = audioDirectory
            self.scheme = scheme
        }
    }

    public let configuration: Configuration
    public let faults = DemoFaults()
    public let audio: DemoAudioStore
    /// `http://127.0.0.1:PORT`, once started.
    public let origin: String
    private let task: Task<Void, any Error>

    /// The API base URL to give `--api-url`.
    public var apiURL: String { origin + "/api/3" }

    /// Starts listening; returns once the port is bound. Servers given one `audio` store share its
    /// encodes (the tests run many servers at once over one folder); by default a server has its own.
    public init(_ configuration: Configuration = .init(), audio: DemoAudioStore? = nil) async throws {
        self.configuration = configuration
        let faults = self.faults
        let audio = audio ?? DemoAudioStore(directory: configuration.audioDirectory)
        self.audio = audio
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let routes = DemoRoutes(configuration: configuration, faults: faults, audio: audio)
        let app = Application(
            router: routes.router(),
            server: HTTP10ClosingChannel.builder,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: "DemoCatalog"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Logger(label: "DemoCatalog", factory: { _ in SwiftLogNoOpLogHandler() }))
        task = Task {
            defer { portContinuation.finish() }
            try await app.runService(gracefulShutdownSignals: [])
        }
        var port = 0
        for await bound in portStream { port = bound }
        guard port > 0 else {
            task.cancel()
            _ = await task.result
            throw ServerFailure.couldNotListen(port: configuration.port)
        }
        origin = "http://127.0.0.1:\(port)"
        routes.origin.withLock { $0 = origin }
    }

    /// Waits until the server stops (for `serve-demo`).
    public func wait() async throws {
        try await task.value
    }

    public func stop() async {
        task.cancel()
        _ = await task.result
    }

    public enum ServerFailure: Error, CustomStringConvertible {
        case couldNotListen(port: Int)
        public var description: String {
            switch self {
            case .couldNotListen(let port): return "the demo server could not listen on 127.0.0.1:\(port) (in use?)"
            }
        }
    }
}
