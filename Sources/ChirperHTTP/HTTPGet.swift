import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// Chirper's HTTP: a GET on a connection of its own, with SwiftNIO's channel, HTTP/1.1 codec, TLS and
/// (for the API's pages) gzip directly: no client to make and no pool. It carries a recording's bytes
/// and the API's pages. It is this close to the socket because a play's first request is on the way to
/// first sound: nothing is made before the request leaves, and the player links no HTTP client whose
/// code (HTTP/2, SOCKS, a file system) would add to the conformance records the Swift runtime scans on
/// every first dynamic cast. The measurements: docs/performance.md.
///
/// Redirects are followed (xeno-canto's `file` URLs redirect), at most 10 and never in a cycle. The
/// body is read from the socket only when the reader asks for more, so a download is held back by
/// playback (TCP flow control) and memory stays flat; the connection is closed when the body ends or
/// is dropped. Each request has its connection: the API's pages are asked for at most once a second
/// (`RequestPacer`), so a kept connection would save one round trip (three with TLS) a page.
public enum HTTPGet {
    /// How long a connection may take to be made, and how long a read may wait for a byte.
    public static let connectTimeout = TimeAmount.seconds(10)
    public static let readTimeout = TimeAmount.seconds(30)
    static let redirectLimit = 10

    /// Makes the event loop thread that every connection uses, now. Making it waits for the new thread
    /// to run, which is quick at the start of a play, before the other start-up threads are busy, and
    /// slow on the request's path, where it would wait its turn on the cores.
    public static func prepare() {
        _ = MultiThreadedEventLoopGroup.singleton
    }

    /// GETs `url` with `headers` (Host is added). `patient`: a connection that cannot be made is tried
    /// again for up to `connectTimeout` (for reopening a recording that was playing, where a network blip
    /// should be waited out); otherwise a refused connection fails at once, so an offline listener is
    /// told within a second. `decompressing`: gzip and deflate are accepted, and the body is inflated
    /// (to at most 25 times its size).
    public static func get(_ url: String, headers: HTTPHeaders, patient: Bool = false,
                           decompressing: Bool = false) async throws -> HTTPAnswer {
        let target = try Target(url)
        let (connection, head) = try await exchange(with: target, headers: headers, patient: patient, decompressing: decompressing)
        return try await following(head, on: connection, from: target, headers: headers, patient: patient,
                                   decompressing: decompressing)
    }

    /// One request to `target` on a connection of its own: the connection and the answer's head.
    private static func exchange(with target: Target, headers: HTTPHeaders, patient: Bool,
                                 decompressing: Bool) async throws -> (ResponseConnection, HTTPResponseHead) {
        let connection = try await ResponseConnection.open(to: target, patient: patient, decompressing: decompressing)
        return (connection, try await connection.send(target.request(headers: headers)))
    }

    /// Begins a GET of `url` from code that cannot wait: the connection is made and the request sent on
    /// the event loop at once, where a task made for it would first wait for a thread of the pool,
    /// which at a play's start is not made yet. `get(_:)` takes the answer.
    public static func begin(_ url: String, headers: HTTPHeaders) -> Begun {
        let connection: EventLoopFuture<ResponseConnection>
        let head: EventLoopFuture<HTTPResponseHead>
        switch Result(catching: { try Target(url) }) {
        case .success(let target):
            connection = ResponseConnection.connecting(to: target, decompressing: false)
            head = connection.flatMap { $0.sending(target.request(headers: headers)) }
        case .failure(let error):
            let loop = MultiThreadedEventLoopGroup.singleton.any()
            (connection, head) = (loop.makeFailedFuture(error), loop.makeFailedFuture(error))
        }
        return Begun(url: url, headers: headers, connection: connection, head: head)
    }

    /// A GET begun by `begin`: its connection and the answer's head, on their way.
    public struct Begun: Sendable {
        let url: String
        let headers: HTTPHeaders
        let connection: EventLoopFuture<ResponseConnection>
        let head: EventLoopFuture<HTTPResponseHead>

        /// Gives the GET up: its connection is closed, now or when it is made.
        public func drop() { connection.whenSuccess { $0.close() } }
    }

    /// The answer to a GET begun by `begin`, its redirects followed as `get(_:headers:)` follows them.
    public static func get(_ begun: Begun) async throws -> HTTPAnswer {
        let head = try await begun.head.valueUnlessCancelled { begun.drop() }
        return try await following(head, on: try await begun.connection.get(), from: Target(begun.url), headers: begun.headers,
                                   patient: false, decompressing: false)
    }

    /// The answer, once `head` (from `target`, on `connection`) and any redirects after it are followed.
    private static func following(_ head: HTTPResponseHead, on connection: ResponseConnection, from target: Target,
                                  headers: HTTPHeaders, patient: Bool, decompressing: Bool) async throws -> HTTPAnswer {
        var (head, connection, target) = (head, connection, target)
        var visited: Set<String> = [target.url]
        while let location = head.redirectLocation {
            connection.close()  // the redirect's own body is not wanted
            try Task.checkCancellation()
            guard visited.count <= redirectLimit else { throw HTTPGetError.tooManyRedirects }
            guard let next = URL(string: location, relativeTo: URL(string: target.url))?.absoluteString else {
                throw HTTPGetError.invalidURL
            }
            guard visited.insert(next).inserted else { throw HTTPGetError.tooManyRedirects }
            target = try Target(next)
            (connection, head) = try await exchange(with: target, headers: headers, patient: patient, decompressing: decompressing)
        }
        return HTTPAnswer(status: head.status, headers: head.headers, body: HTTPAnswer.Body(connection: connection))
    }

    /// `work`'s result, or `HTTPGetError.deadlineExceeded` once `limit` has passed (`work` is then
    /// cancelled, which closes its connection).
    public static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw HTTPGetError.deadlineExceeded }
            return value
        }
    }
}

/// An answer's head and its body, read as it is asked for.
public struct HTTPAnswer: Sendable {
    public let status: HTTPResponseStatus
    public let headers: HTTPHeaders
    public let body: Body

    /// The body as an async sequence of buffers; the connection closes when it ends or is dropped.
    public struct Body: AsyncSequence, Sendable {
        public typealias Element = ByteBuffer
        let connection: ResponseConnection

        public struct AsyncIterator: AsyncIteratorProtocol {
            let connection: ResponseConnection
            /// Once the body has ended, it stays ended: a reader may ask again (a loop or a seek back
            /// replays kept bytes, then reads on), and the closed connection must not read as a drop.
            private var ended = false

            init(connection: ResponseConnection) { self.connection = connection }

            public mutating func next() async throws -> ByteBuffer? {
                guard !ended else { return nil }
                guard let bytes = try await connection.nextBody() else {
                    ended = true
                    return nil
                }
                return bytes
            }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(connection: connection) }

        /// The whole body, when it is at most `limit` bytes.
        public func collect(upTo limit: Int) async throws -> ByteBuffer {
            var whole = ByteBuffer()
            for try await var part in self {
                guard whole.readableBytes + part.readableBytes <= limit else { throw HTTPGetError.tooLarge }
                whole.writeBuffer(&part)
            }
            return whole
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

/// One connection carrying one GET: the channel, and the handler that hands its answer out a part at a
/// time. Closed when its body ends or when it is dropped (a seek, a stop), so nothing leaks.
final class ResponseConnection: Sendable {
    let channel: any Channel
    let receiver: NIOLoopBound<ResponseReceiver>

    private init(channel: any Channel, receiver: NIOLoopBound<ResponseReceiver>) {
        self.channel = channel
        self.receiver = receiver
    }

    deinit { channel.close(promise: nil) }

    func close() { channel.close(promise: nil) }

    /// TLS settings made once, on the first https request: the system's trust roots.
    private static let tls = Result { try NIOSSLContext(configuration: .makeClientConfiguration()) }

    static func open(to target: Target, patient: Bool, decompressing: Bool) async throws -> ResponseConnection {
        let deadline = NIODeadline.now() + HTTPGet.connectTimeout
        var wait = TimeAmount.milliseconds(100)
        while true {
            do {
                return try await connect(to: target, decompressing: decompressing)
            } catch {
                // A refusal or a timeout may pass (a server restarting, a link coming back); a name
                // that does not resolve (no address was tried) or a TLS failure will not.
                // (An address connected to directly fails with the socket's IOError.)
                let passing = (error as? NIOConnectionError).map { !$0.connectionErrors.isEmpty } ?? (error is ChannelError || error is IOError)
                guard patient, passing, NIODeadline.now() + wait < deadline else { throw error }
                try await Task.sleep(for: .nanoseconds(wait.nanoseconds))
                wait = min(wait * 2, .seconds(1))
            }
        }
    }

    private static func connect(to target: Target, decompressing: Bool) async throws -> ResponseConnection {
        let connecting = connecting(to: target, decompressing: decompressing)
        return try await connecting.valueUnlessCancelled { connecting.whenSuccess { $0.close() } }
    }

    /// A connection to `target`, made on the event loop.
    static func connecting(to target: Target, decompressing: Bool) -> EventLoopFuture<ResponseConnection> {
        let group = MultiThreadedEventLoopGroup.singleton
        let context: NIOSSLContext?
        do { context = target.secure ? try tls.get() : nil } catch { return group.any().makeFailedFuture(error) }
        let address = target.address
        let serverName = address == nil ? target.host : nil
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(HTTPGet.connectTimeout)
            // Read only when the reader asks: the reader's pace holds the server back.
            .channelOption(.autoRead, value: false)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let context {
                        try pipeline.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    }
                    try pipeline.addHTTPClientHandlers()
                    if decompressing { try pipeline.addHandler(NIOHTTPResponseDecompressor(limit: .ratio(25))) }
                    try pipeline.addHandler(ResponseReceiver(eventLoop: channel.eventLoop))
                }
            }
        // A name is resolved, its addresses tried as Happy Eyeballs says; an address is connected to
        // directly (resolving one still costs a trip through getaddrinfo on another thread).
        let connected = address.map { bootstrap.connect(to: $0) } ?? bootstrap.connect(host: target.host, port: target.port)
        return connected.flatMap { channel in
            let made: @Sendable () throws -> ResponseConnection = {
                let receiver = try channel.pipeline.syncOperations.handler(type: ResponseReceiver.self)
                return ResponseConnection(channel: channel, receiver: NIOLoopBound(receiver, eventLoop: channel.eventLoop))
            }
            // The receiver is the loop's alone: taken there.
            return channel.eventLoop.inEventLoop ? channel.eventLoop.makeCompletedFuture(Result(catching: made))
                : channel.eventLoop.submit(made)
        }
    }

    /// Sends the request and waits for the answer's head.
    func send(_ head: HTTPRequestHead) async throws -> HTTPResponseHead {
        try await sending(head).valueUnlessCancelled { self.close() }
    }

    /// Sends the request; the answer's head.
    func sending(_ head: HTTPRequestHead) -> EventLoopFuture<HTTPResponseHead> {
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        let receiver = self.receiver
        return channel.eventLoop.flatSubmit { receiver.value.nextPart() }.flatMapThrowing { part in
            guard case .head(let answer) = part else { throw HTTPGetError.closedBeforeAnswer }
            return answer
        }.flatMapErrorThrowing { error in
            throw error as? HTTPGetError == .closedEarly ? HTTPGetError.closedBeforeAnswer : error
        }
    }

    /// The body's next bytes; nil once it is whole (the connection is then closed).
    func nextBody() async throws -> ByteBuffer? {
        switch try await nextPart() {
        case .body(let bytes):
            return bytes
        case .end:
            close()
            return nil
        case .head:
            throw HTTPGetError.closedEarly
        }
    }

    /// The answer's next part. A cancelled task (a prefetch no longer wanted, a stop) closes the
    /// connection, which ends the wait at once: a future's `get()` does not hear cancellation itself.
    private func nextPart() async throws -> HTTPClientResponsePart {
        let receiver = self.receiver
        return try await withTaskCancellationHandler {
            try await channel.eventLoop.flatSubmit { receiver.value.nextPart() }.get()
        } onCancel: {
            close()
        }
    }
}

/// The pipeline's last handler: keeps what the HTTP decoder produced until the reader asks for it, and
/// asks the socket for more only when the reader waits and nothing is kept. Runs on the channel's event
/// loop only.
final class ResponseReceiver: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// Where the answer stands, for the reader.
    private enum State {
        /// Parts are read and kept; `waiting` is the reader's request when nothing was kept.
        case open(waiting: EventLoopPromise<HTTPClientResponsePart>?)
        /// The connection is over: after the kept parts, the reader gets this error.
        case over(any Error)
    }
    private var state = State.open(waiting: nil)
    private var kept = CircularBuffer<HTTPClientResponsePart>()
    private let eventLoop: any EventLoop
    /// Held only while the handler is in the pipeline: the context holds the handler, so keeping it
    /// after would keep both (and the parts kept) alive past the connection.
    private var context: ChannelHandlerContext?
    private var readTimeout: Scheduled<Void>?

    init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        end(HTTPGetError.closedEarly)
    }

    func nextPart() -> EventLoopFuture<HTTPClientResponsePart> {
        // What came before the connection ended is still handed out, the end of the body included.
        if let part = kept.popFirst() { return eventLoop.makeSucceededFuture(part) }
        switch state {
        case .over(let error):
            return eventLoop.makeFailedFuture(error)
        case .open:
            guard let context else { return eventLoop.makeFailedFuture(HTTPGetError.closedEarly) }
            let promise = eventLoop.makePromise(of: HTTPClientResponsePart.self)
            state = .open(waiting: promise)
            readTimeout = eventLoop.assumeIsolated().scheduleTask(in: HTTPGet.readTimeout) { [weak self] in
                self?.end(HTTPGetError.readTimedOut)
            }
            context.read()
            return promise.futureResult
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch state {
        case .open(let waiting?):
            readTimeout?.cancel()
            state = .open(waiting: nil)
            waiting.succeed(part)
        case .open(nil):
            kept.append(part)
        case .over:
            // After an error (the inflater's limit, say) the handlers before may still pass on what they
            // had, the answer's end included: taken, it would make a cut body look whole.
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A read that gave the HTTP decoder only part of a part (a head split across packets) produced
        // nothing: with reads on demand, nobody else asks the socket again, and the reader would wait
        // for its timeout.
        if case .open(waiting: .some) = state, kept.isEmpty { context.read() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end(HTTPGetError.reading(error))
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(HTTPGetError.closedEarly)
    }

    private func end(_ error: any Error) {
        readTimeout?.cancel()
        guard case .open(let waiting) = state else { return }
        state = .over(error)
        waiting?.fail(error)
        context?.close(promise: nil)
    }
}

extension EventLoopFuture where Value: Sendable {
    /// The value, or `CancellationError` as soon as the task is cancelled: a future's `get()` does not
    /// hear cancellation, and a connection being made or an answer's head being waited for would hold a
    /// stop (or `HTTPGet.within`'s deadline) for up to the connect or read timeout. `cancelled` runs on
    /// cancellation (to close what the future brings, now or when it comes).
    func valueUnlessCancelled(_ cancelled: @escaping @Sendable () -> Void) async throws -> Value {
        let answer = eventLoop.makePromise(of: Value.self)
        cascade(to: answer)  // a promise already failed by a cancellation ignores this
        return try await withTaskCancellationHandler {
            try await answer.futureResult.get()
        } onCancel: {
            answer.fail(CancellationError())
            cancelled()
        }
    }
}
