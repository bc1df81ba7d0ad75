import ChirperHTTP
import PlaybackModel
import Locking

/// Work a command that makes sound can begin before its arguments are parsed: connecting to the sound
/// server (the default one, which is what nearly every run asks for) and, when the command line names
/// the URL to play, asking for it. The event loop thread every request runs on is made first, for
/// that request or for the search or lookup that comes instead. Both then overlap argument parsing instead of following it. The
/// engine takes the connection if it asks for the same server, and the answer if it opens the same
/// URL; otherwise it makes its own.
public enum StartWork {
    private struct Prepared {
        var server: String?
        var connecting: ThreadWork<PulseConnection>
    }
    private static let prepared = Locked<Prepared?>(nil)

    /// The first recording's request, made before the arguments were parsed.
    private struct FirstRequest {
        var url: String
        var begun: HTTPGet.Begun
    }
    private static let asked = Locked<FirstRequest?>(nil)

    /// Begins the connection to the default sound server (`PULSE_SERVER` or the runtime folder), and
    /// asks for `url` (from byte 0) when one is given.
    public static func begin(requesting url: String? = nil) {
        // The event loop thread first, while the cores are still free (made later, it would wait for a
        // core beside libpulse's loading and the parsing), then the request, sent from the loop at once,
        // then the sound server's connection on a thread of its own. Neither waits for a task to be
        // scheduled: at start-up a task's or a dispatch queue's first work begins late, as the pool has
        // no thread yet. The figures: docs/performance.md.
        HTTPGet.prepare()
        if let url { request(url) }
        let connecting = ThreadWork.begin { try PulseConnection(server: nil) }
        prepared.withLock { $0 = Prepared(server: nil, connecting: connecting) }
    }

    /// Asks for `url` now, for the engine to take when it opens that URL.
    static func request(_ url: String) {
        let begun = HTTPGet.begin(url, headers: AudioSource.requestHeaders(from: 0))
        asked.withLock { $0 = FirstRequest(url: url, begun: begun) }
    }

    /// A connection to `server`: the one begun at start when it is for the same server and worked,
    /// else a new one.
    static func connection(server: String?) async throws -> PulseConnection {
        let early = prepared.withLock { prepared -> ThreadWork<PulseConnection>? in
            defer { prepared = nil }
            return prepared?.server == server ? prepared?.connecting : nil
        }
        if let early, let connection = try? await early.value { return connection }
        return try await Blocking.run { try PulseConnection(server: server) }
    }

    /// The request begun at start, when `url` is its URL and nobody took it yet; taken once. An open
    /// of it from another byte (a loop's start) drops it and closes its connection, which would
    /// otherwise stay open, unread, for the whole run.
    static func firstRequest(for url: String, from offset: Int) -> HTTPGet.Begun? {
        let taken = asked.withLock { first -> HTTPGet.Begun? in
            guard let begun = first?.begun, first?.url == url else { return nil }
            first = nil
            return begun
        }
        guard offset != 0 else { return taken }
        taken?.drop()
        return nil
    }
}
