import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Chirper's HTTP: a GET with SwiftNIO's channel, HTTP/1.1 codec, TLS and (for the API's pages) gzip
/// directly, for a recording's bytes and the API's pages alike. It is this close to the socket because a
/// play's first request is on the way to first sound: nothing is made before the request leaves, and
/// the player links no HTTP client whose code (HTTP/2, SOCKS, a file system) would add to the
/// conformance records the Swift runtime scans on every first dynamic cast. The measurements:
/// docs/performance.md.
///
/// Connections are kept (`ConnectionPool`): an answer read to its end leaves its connection for the
/// next request to the same server, so a redirect to the same host, the next page and the next track
/// cost no new connection (two round trips with TLS). Redirects are followed (xeno-canto's `file` URLs
/// redirect), at most 10 and never in a cycle. The body is read from the socket only when the reader
/// asks for more, so a download is held back by playback (TCP flow control) and memory stays flat; a
/// body dropped before its end closes its connection.
public enum HTTPGet {
    /// How long a connection may take to be made, and how long a read may wait for a byte.
    static let connectTimeout = TimeAmount.seconds(10)
    static let readTimeout = TimeAmount.seconds(30)
    static let redirectLimit = 10
    /// A patient connection's waits between tries: doubling from the first to the longest.
    static let firstReconnectWait = TimeAmount.milliseconds(100)
    static let longestReconnectWait = TimeAmount.seconds(1)
    /// How many times its size a compressed answer may inflate to.
    static let inflationLimit = 25

    /// GETs `url` with `headers` (Host is added). `patient`: a connection that cannot be made is tried
    /// again for up to `connectTimeout` (for reopening a recording that was playing, where a network blip
    /// should be waited out); otherwise a refused connection fails at once, so an offline listener is
    /// told within a second. `decompressing`: gzip and deflate are accepted, and the body is inflated
    /// (to at most 25 times its size).
    /// `pool`: where connections are kept between answers (the process's, unless a caller wants its own).
    /// Fails with a `NetworkError`, or a `CancellationError`.
    public static func get(_ url: String, headers: [String: String], patient: Bool = false,
                           decompressing: Bool = false, pool: ConnectionPool = .shared) async throws -> HTTPAnswer {
        try await NetworkError.classifying {
            let target = try Target(url)
            let headers = HTTPHeaders(headers.map { ($0.key, $0.value) })
            let (connection, head) = try await exchange(with: target, headers: headers, patient: patient, decompressing: decompressing,
                                                        pool: pool)
            return try await following(head, on: connection, from: target, headers: headers, patient: patient,
                                       decompressing: decompressing, pool: pool)
        }
    }

    /// One request to `target`, on a kept connection to its server when there is one: the connection and
    /// the answer's head. A kept connection that fails before the answer's head (the server closed it
    /// while it was idle) is given up and the request made once more on a new one.
    private static func exchange(with target: Target, headers: HTTPHeaders, patient: Bool, decompressing: Bool,
                                 pool: ConnectionPool) async throws -> (ResponseConnection, HTTPResponseHead) {
        let request = target.request(headers: headers, decompressing: decompressing)
        if let kept = pool.take(ConnectionPool.Place(target)) {
            do {
                return (kept, try await kept.send(request))
            } catch where NetworkError.isDeadConnection(error) {
                kept.close()
            }
        }
        let connection = try await ResponseConnection.open(to: target, patient: patient, pool: pool)
        return (connection, try await connection.send(request))
    }

    /// Begins a GET of `url` from code that cannot wait: the connection is made and the request sent on
    /// the event loop at once, where a task made for it would first wait for a thread of the pool,
    /// which at a play's start is not made yet. `get(_:)` takes the answer.
    public static func begin(_ url: String, headers: [String: String], pool: ConnectionPool = .shared) -> Begun {
        let headers = HTTPHeaders(headers.map { ($0.key, $0.value) })
        let connection: EventLoopFuture<ResponseConnection>
        let head: EventLoopFuture<HTTPResponseHead>
        switch Result(catching: { try Target(url) }) {
        case .success(let target):
            // Made on the event loop's thread, so that `begin` returns at once: a command that asks
            // before parsing its arguments goes on to parse them while the connection is made.
            connection = NetworkLoop.loop.flatSubmit { ResponseConnection.connecting(to: target, pool: pool) }
            head = connection.flatMap { $0.sending(target.request(headers: headers, decompressing: false)) }
        case .failure(let error):
            let loop = NetworkLoop.loop
            (connection, head) = (loop.makeFailedFuture(error), loop.makeFailedFuture(error))
        }
        return Begun(url: url, headers: headers, pool: pool, connection: connection, head: head)
    }

    /// A GET begun by `begin`: its connection and the answer's head, on their way.
    public struct Begun: Sendable {
        let url: String
        let headers: HTTPHeaders
        let pool: ConnectionPool
        let connection: EventLoopFuture<ResponseConnection>
        let head: EventLoopFuture<HTTPResponseHead>

        /// Gives the GET up: its connection is closed, now or when it is made.
        public func drop() { connection.whenSuccess { $0.close() } }
    }

    /// The answer to a GET begun by `begin`, its redirects followed as `get(_:headers:)` follows them.
    public static func get(_ begun: Begun) async throws -> HTTPAnswer {
        try await NetworkError.classifying {
            let head = try await begun.head.valueUnlessCancelled { begun.drop() }
            return try await following(head, on: try await begun.connection.get(), from: Target(begun.url), headers: begun.headers,
                                       patient: false, decompressing: false, pool: begun.pool)
        }
    }

    /// The answer, once `head` (from `target`, on `connection`) and any redirects after it are followed.
    private static func following(_ head: HTTPResponseHead, on connection: ResponseConnection, from target: Target,
                                  headers: HTTPHeaders, patient: Bool, decompressing: Bool, pool: ConnectionPool) async throws -> HTTPAnswer {
        var (head, connection, target) = (head, connection, target)
        var visited: Set<String> = [target.url]
        while let location = head.redirectLocation {
            await leave(connection, after: head)  // the redirect's own body is not wanted
            try Task.checkCancellation()
            guard visited.count <= redirectLimit else { throw NetworkError.tooManyRedirects }
            guard let next = URL(string: location, relativeTo: URL(string: target.url))?.absoluteString else {
                throw NetworkError.invalidURL
            }
            guard visited.insert(next).inserted else { throw NetworkError.tooManyRedirects }
            target = try Target(next)
            (connection, head) = try await exchange(with: target, headers: headers, patient: patient, decompressing: decompressing,
                                                    pool: pool)
        }
        return HTTPAnswer(head: head, body: HTTPAnswer.Body(connection: connection, keep: head.isKeepAlive))
    }

    /// The largest unwanted body (a redirect's) read to its end so that its connection is kept, and how
    /// long it may take.
    static let unwantedBodyLimit = 64 * 1024
    static let unwantedBodyTime = Duration.seconds(1)

    /// Reads the unwanted body of the answer `head` to its end, which keeps the connection, when both
    /// sides keep it and its length is known and small; otherwise, or when it is slow or fails, the
    /// connection is closed.
    private static func leave(_ connection: ResponseConnection, after head: HTTPResponseHead) async {
        guard head.isKeepAlive, let length = head.headers.first(name: "Content-Length").flatMap(Int.init),
              (0...unwantedBodyLimit).contains(length)
        else { return connection.close() }
        do {
            _ = try await within(unwantedBodyTime) {
                try await HTTPAnswer.Body(connection: connection, keep: true).collectBuffer(upTo: unwantedBodyLimit)
            }
        } catch {
            connection.close()
        }
    }

    /// `work`'s result, or `NetworkError.deadlineExceeded` once `limit` has passed (`work` is then
    /// cancelled, which closes its connection).
    public static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw NetworkError.deadlineExceeded }
            return value
        }
    }
}

extension HTTPResponseHead {
    /// Where a redirect points, when this is one.
    var redirectLocation: String? {
        guard [301, 302, 303, 307, 308].contains(status.code) else { return nil }
        return headers.first(name: "Location")
    }
}

