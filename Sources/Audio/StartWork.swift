import ChirperHTTP
import PlaybackModel
import Synchronization

/// Work a command that makes sound can begin before its arguments are parsed: connecting to the sound
/// server (the default one, which is what nearly every run asks for) and, when the command line names
/// the URL to play, asking for it. The event loop thread every request runs on is made first, for
/// that request or for the search or lookup that comes instead. Both then overlap argument parsing instead of following it. The
/// engine takes the connection if it asks for the same server, and the answer if it opens the same
/// URL; otherwise it makes its own.
public enum StartWork {
    private struct Prepared {
        var server: String?
        var connecting: Task<PulseConnection, any Error>
    }
    private static let prepared = Mutex<Prepared?>(nil)

    /// The first recording's request, made before the arguments were parsed.
    private struct FirstRequest {
        var url: String
        var answer: Task<Result<(HTTPAnswer, attempts: Int), PlaybackError>, Never>
    }
    private static let asked = Mutex<FirstRequest?>(nil)

    /// Begins the connection to the default sound server (`PULSE_SERVER` or the runtime folder), and
    /// asks for `url` (from byte 0) when one is given.
    public static func begin(requesting url: String? = nil) {
        // The request first, and the event loop thread it needs made now, while the cores are still
        // free. Its path to the first sound (event loop, connection, the answer's head) and the sound
        // server's (libpulse's loading, the connection) are about as long, by trace marks.
        HTTPGet.prepare()
        if let url { request(url) }
        let connecting = Task { try await Blocking.run { try PulseConnection(server: nil) } }
        prepared.withLock { $0 = Prepared(server: nil, connecting: connecting) }
    }

    /// Asks for `url` now, for the engine to take when it opens that URL.
    static func request(_ url: String) {
        let answer = Task.detached(priority: .userInitiated) { () -> Result<(HTTPAnswer, attempts: Int), PlaybackError> in
            do throws(PlaybackError) { return .success(try await AudioSource.fetch(url)) } catch { return .failure(error) }
        }
        asked.withLock { $0 = FirstRequest(url: url, answer: answer) }
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

    /// The answer to the request begun at start, if it was for `url` and nobody took it yet; taken once.
    static func firstRequest(for url: String) -> Task<Result<(HTTPAnswer, attempts: Int), PlaybackError>, Never>? {
        asked.withLock { first in
            guard let taken = first, taken.url == url else { return nil }
            first = nil
            return taken.answer
        }
    }
}
