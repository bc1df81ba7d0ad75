import AsyncHTTPClient
import ChirperHTTP
import Synchronization

/// Work a command that makes sound can begin before its arguments are parsed: connecting to the sound
/// server (the default one, which is what nearly every run asks for) and making the HTTP client (its
/// event loop threads). Both then overlap argument parsing and the first request instead of following
/// them. The engine takes the connection if it asks for the same server, and makes its own otherwise.
public enum StartWork {
    private struct Prepared {
        var server: String?
        var connecting: Task<PulseConnection, any Error>
    }
    private static let prepared = Mutex<Prepared?>(nil)

    /// Begins both, for the default sound server (`PULSE_SERVER` or the runtime folder).
    public static func begin() {
        let connecting = Task { try await Blocking.run { try PulseConnection(server: nil) } }
        prepared.withLock { $0 = Prepared(server: nil, connecting: connecting) }
        Task.detached(priority: .userInitiated) { _ = HTTPClient.chirper }
    }

    /// A connection to `server`: the one begun at start when it is for the same server and worked,
    /// else a new one.
    static func connection(server: String?) async throws -> PulseConnection {
        let early = prepared.withLock { prepared -> Task<PulseConnection, any Error>? in
            defer { prepared = nil }
            return prepared?.server == server ? prepared?.connecting : nil
        }
        if let early, let connection = try? await early.value { return connection }
        return try await Blocking.run { try PulseConnection(server: server) }
    }
}
