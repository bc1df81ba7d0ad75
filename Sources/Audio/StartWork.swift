import ChirperHTTP
import Dispatch
import Locking
import PlaybackModel

/// Work a command that makes sound begins before its arguments are parsed, as one value: the
/// connection to the default sound server and, when the command line names the URL to play, the
/// request for it. The executable begins it and hands it to the job, and the job to the engine's
/// options; the engine takes the connection if it asks for the same server and the request if its
/// first track opens the same URL from its start, else it makes its own. The event loop thread every
/// request runs on is made first, for that request or for the search or lookup that comes instead.
/// Why each is begun where it is: docs/performance.md.
public final class StartWork: Sendable {
    private struct Prepared: Sendable {
        var server: String?
        var connecting: ThreadWork<PulseConnection>
    }
    private let prepared: Locked<Prepared?>

    /// The first recording's request, made before the arguments were parsed.
    private struct FirstRequest: Sendable {
        var url: String
        var begun: HTTPGet.Begun
    }
    private let asked: Locked<FirstRequest?>

    private init(prepared: Prepared?, asked: FirstRequest?) {
        self.prepared = Locked(prepared)
        self.asked = Locked(asked)
    }

    /// Begins the connection to the default sound server (`PULSE_SERVER` or the runtime folder), and
    /// asks for `url` (from byte 0) when one is given.
    public static func begin(requesting url: String? = nil) -> StartWork {
        // Loading libpulse is the longest step to the first sound, and while dlopen maps and relocates
        // it holds the loader's TLS lock, which every pthread_create waits for. So each thread pool the
        // first sound draws on gets its thread first: the global executor's (whose first job also looks
        // up dispatch's entry point with dlsym, which waits for the loader too), the blocking queue's,
        // and a serial queue's (the key or line reader's); then the event loop's thread. The sound
        // server's connection, on a thread of its own, loads libpulse; the request is sent from the
        // event loop meanwhile. None waits for a task to be scheduled, as a task's first work begins
        // late at start-up.
        Task {}
        Blocking.queue.async {}
        DispatchQueue(label: "chirper.start").async {}
        HTTPGet.prepare()
        let connecting = ThreadWork.begin { try PulseConnection(server: nil) }
        let request = url.map { FirstRequest(url: $0, begun: HTTPGet.begin($0, headers: AudioSource.requestHeaders(from: 0))) }
        return StartWork(prepared: Prepared(server: nil, connecting: connecting), asked: request)
    }

    /// Only `url`'s request, begun now (a test's first request, with no sound server asked).
    static func requesting(_ url: String) -> StartWork {
        StartWork(prepared: nil, asked: FirstRequest(url: url, begun: HTTPGet.begin(url, headers: AudioSource.requestHeaders(from: 0))))
    }

    /// Begins asking for `url` now, unless a request was begun already: `play N` asks for the file its
    /// lookup will most likely name, beside the lookup.
    public func ask(_ url: String) {
        asked.withLock { first in
            guard first == nil else { return }
            first = FirstRequest(url: url, begun: HTTPGet.begin(url, headers: AudioSource.requestHeaders(from: 0)))
        }
    }

    /// Gives up the request begun early, unless it is for `url` (the recording's file as its lookup
    /// named it), and closes its connection.
    public func keepRequest(onlyFor url: String?) {
        let dropped = asked.withLock { first -> FirstRequest? in
            guard let request = first, request.url != url else { return nil }
            first = nil
            return request
        }
        dropped?.begun.drop()
    }

    /// A connection to `server`: the one begun at start when it is for the same server and worked,
    /// else a new one. Taken once.
    func connection(server: String?) async throws -> PulseConnection {
        let early = prepared.withLock { prepared -> ThreadWork<PulseConnection>? in
            defer { prepared = nil }
            return prepared?.server == server ? prepared?.connecting : nil
        }
        if let early, let connection = try? await early.value { return connection }
        return try await Self.connect(server: server)
    }

    /// A new connection to `server`, made on a thread of its own.
    static func connect(server: String?) async throws -> PulseConnection {
        try await Blocking.run { try PulseConnection(server: server) }
    }

    /// The request begun at start, when `source` is its URL; taken once. Any other source drops it
    /// and closes its connection, which would otherwise stay open, unread, for the whole run.
    func firstRequest(for source: AudioSource) -> HTTPGet.Begun? {
        let taken = asked.withLock { first -> FirstRequest? in
            defer { first = nil }
            return first
        }
        guard let taken else { return nil }
        guard case .url(taken.url) = source else {
            taken.begun.drop()
            return nil
        }
        return taken.begun
    }
}
