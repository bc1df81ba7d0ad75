import ChirperHTTP
import Dispatch
import Locking
import PlaybackModel

/// Work a command that makes sound begins before its arguments are parsed, as one value: the
/// connection to the default sound server and, when the command line names the URL to play, the
/// request for it. The executable begins it and hands it to the job, and the job to the engine's
/// options; the engine takes the connection if it asks for the same server and the request if its
/// first track opens the same URL from its start, else it makes its own. The event loop thread every
/// request runs on is made at the start too, for that request or for the lookup that comes instead.
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

        /// `url` asked for from its first byte, now.
        init(asking url: String) {
            self.url = url
            self.begun = HTTPGet.begin(url, headers: AudioSource.requestHeaders(from: 0))
        }
    }
    private let asked: Locked<FirstRequest?>

    /// Done once the request named at start is asked for, on the network's event loop.
    private let opening: ThreadWork<Void>?

    private init(prepared: Prepared?, asked: Locked<FirstRequest?>, opening: ThreadWork<Void>? = nil) {
        self.prepared = Locked(prepared)
        self.asked = asked
        self.opening = opening
    }

    /// Begins the connection to the default sound server (`PULSE_SERVER` or the runtime folder), and
    /// asks for `url` (from byte 0) when one is given.
    public static func begin(requesting url: String? = nil) -> StartWork {
        // libpulse is loaded first, while this is the process's only thread: no other processor then
        // has to flush the many mappings dlopen changes from its TLB, and no pthread_create waits for
        // the loader's lock. Then the network's event loop, whose new thread takes up the request as its
        // first work (no thread waits for another to start), the sound server's connection on a thread
        // of its own, and a thread for each pool the first sound draws on (the global
        // executor's, whose first job also looks up dispatch's entry point; the blocking queue's; a
        // serial queue's, the key or line reader's), so that none is made on the way to the sound.
        // The arguments are parsed meanwhile.
        _ = PulseAudio.loaded
        let asked = Locked<FirstRequest?>(nil)
        let (opening, opened) = ThreadWork<Void>.promised()
        NetworkLoop.start {
            if let url { ask(url, into: asked) }
            opened(.success(()))
        }
        let connecting = ThreadWork.begin { try PulseConnection(server: nil) }
        Task {}
        Blocking.queue.async {}
        DispatchQueue(label: "chirper.start").async {}
        return StartWork(prepared: Prepared(server: nil, connecting: connecting), asked: asked, opening: opening)
    }

    /// Only `url`'s request, begun now (a test's first request, with no sound server asked).
    static func requesting(_ url: String) -> StartWork {
        StartWork(prepared: nil, asked: Locked(FirstRequest(asking: url)))
    }

    /// Begins asking for `url` now, unless a request was begun already: `play N` asks for the file its
    /// lookup will most likely name, beside the lookup.
    public func ask(_ url: String) {
        Self.ask(url, into: asked)
    }

    private static func ask(_ url: String, into asked: Locked<FirstRequest?>) {
        asked.withLock { first in
            if first == nil { first = FirstRequest(asking: url) }
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

    /// The request begun at start (once its thread has begun it), when `source` is its URL; taken
    /// once. Any other source drops it and closes its connection, which would otherwise stay open,
    /// unread, for the whole run.
    func firstRequest(for source: AudioSource) async -> HTTPGet.Begun? {
        _ = try? await opening?.value
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
