import AsyncHTTPClient
import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A recording's bytes asked for by GET on a connection of its own, with SwiftNIO's channel, HTTP/1.1
/// codec and TLS directly: no client to make and no pool. This is the player's first request, so it is
/// on the way to first sound: AsyncHTTPClient made its client, pool and connection there (about 6 ms
/// from `main` to the request leaving, by trace marks); with this GET and the start work around it,
/// `make bench`'s first sound went from 14.3 to 11.8 ms. The API's requests, which want pooling and
/// decompression, stay with AsyncHTTPClient.
///
/// Redirects are followed (xeno-canto's `file` URLs redirect), at most 10 and never in a cycle. The
/// body is read from the socket only when the reader asks for more, so a download is held back by
/// playback (TCP flow control) and memory stays flat; the connection is closed when the body ends or
/// is dropped. The answer is an `HTTPClientResponse`, as AsyncHTTPClient's, so its readers are the same.
public enum RecordingRequest {
    /// How long a connection may take to be made, and how long a read may wait for a byte.
    public static let connectTimeout = TimeAmount.seconds(10)
    public static let readTimeout = TimeAmount.seconds(30)
    static let redirectLimit = 10

    /// Makes the event loop thread that every connection uses, now. Making it waits for the new thread
    /// to run; at the start of a play, before the other start-up threads are busy, that is a fraction
    /// of a millisecond, where on the request's path it waited its turn on the cores for 1-3 ms.
    public static func prepare() {
        _ = MultiThreadedEventLoopGroup.singleton
    }

    /// GETs `url` with `headers` (Host is added). `patient`: a connection that cannot be made is tried
    /// again for up to `connectTimeout` (for reopening a recording that was playing, where a network blip
    /// should be waited out); otherwise a refused connection fails at once, so an offline listener is
    /// told within a second.
    public static func get(_ url: String, headers: HTTPHeaders, patient: Bool = false) async throws -> HTTPClientResponse {
        var target = try Target(url)
        var visited: Set<String> = [url]
        while true {
            let connection = try await ResponseConnection.open(to: target, patient: patient)
            let head = try await connection.send(target.request(headers: headers))
            guard let location = head.redirectLocation else {
                return HTTPClientResponse(
                    version: head.version, status: head.status, headers: head.headers,
                    body: .stream(ResponseBody(connection: connection)))
            }
            connection.close()  // the redirect's own body is not wanted
            guard visited.count <= redirectLimit else { throw HTTPClientError.redirectLimitReached }
            guard let next = URL(string: location, relativeTo: URL(string: target.url))?.absoluteString else {
                throw HTTPClientError.invalidURL
            }
            guard visited.insert(next).inserted else { throw HTTPClientError.redirectCycleDetected }
            target = try Target(next)
        }
    }
}

/// Why a recording's answer ended early, in the words `NetworkProblem` gives a listener.
public enum RecordingRequestError: Error, Sendable {
    /// The connection closed before the answer's head came.
    case closedBeforeAnswer
    /// The connection closed before the answer was whole.
    case closedEarly
    /// No byte came for `RecordingRequest.readTimeout` while one was waited for.
    case readTimedOut
}

/// Where a URL's GET goes: host, port, TLS or not, and the path with its query.
struct Target: Sendable {
    let url: String
    let host: String
    let port: Int
    let secure: Bool
    let pathAndQuery: String

    init(_ url: String) throws {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parsed.host(percentEncoded: false), !host.isEmpty
        else { throw HTTPClientError.invalidURL }
        self.url = url
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        secure = scheme == "https"
        port = parsed.port ?? (secure ? 443 : 80)
        let path = parsed.path(percentEncoded: true)
        pathAndQuery = (path.isEmpty ? "/" : path) + (parsed.query(percentEncoded: true).map { "?" + $0 } ?? "")
    }

    func request(headers: HTTPHeaders) -> HTTPRequestHead {
        var all = headers
        let defaultPort = port == (secure ? 443 : 80)
        let name = host.contains(":") ? "[\(host)]" : host  // an IPv6 literal
        all.replaceOrAdd(name: "Host", value: defaultPort ? name : "\(name):\(port)")
        // One answer per connection: the server may close when it is sent.
        all.replaceOrAdd(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: pathAndQuery, headers: all)
    }

    /// The address itself when `host` is one rather than a name: nothing to resolve, and TLS then
    /// sends no server name.
    var address: SocketAddress? { try? SocketAddress(ipAddress: host, port: port) }
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

    /// TLS settings made once, on the first https request: the system's trust roots, as AsyncHTTPClient.
    private static let tls = Result { try NIOSSLContext(configuration: .makeClientConfiguration()) }

    static func open(to target: Target, patient: Bool) async throws -> ResponseConnection {
        let deadline = NIODeadline.now() + RecordingRequest.connectTimeout
        var wait = TimeAmount.milliseconds(100)
        while true {
            do {
                return try await connect(to: target)
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

    private static func connect(to target: Target) async throws -> ResponseConnection {
        let group = MultiThreadedEventLoopGroup.singleton
        let context = target.secure ? try tls.get() : nil
        let address = target.address
        let serverName = address == nil ? target.host : nil
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(RecordingRequest.connectTimeout)
            // Read only when the reader asks: the reader's pace holds the server back.
            .channelOption(.autoRead, value: false)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let context {
                        try pipeline.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    }
                    try pipeline.addHTTPClientHandlers()
                    try pipeline.addHandler(ResponseReceiver(eventLoop: channel.eventLoop))
                }
            }
        // A name is resolved, its addresses tried as Happy Eyeballs says; an address is connected to
        // directly (resolving one still costs a trip through getaddrinfo on another thread).
        let channel = try await (address.map { bootstrap.connect(to: $0) } ?? bootstrap.connect(host: target.host, port: target.port)).get()
        let receiver = try await channel.eventLoop.submit {
            NIOLoopBound(try channel.pipeline.syncOperations.handler(type: ResponseReceiver.self), eventLoop: channel.eventLoop)
        }.get()
        return ResponseConnection(channel: channel, receiver: receiver)
    }

    /// Sends the request and waits for the answer's head.
    func send(_ head: HTTPRequestHead) async throws -> HTTPResponseHead {
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        do {
            guard case .head(let answer) = try await nextPart() else { throw RecordingRequestError.closedBeforeAnswer }
            return answer
        } catch RecordingRequestError.closedEarly {
            throw RecordingRequestError.closedBeforeAnswer
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
            throw RecordingRequestError.closedEarly
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

/// A recording's body as an async sequence of buffers, for `HTTPClientResponse.Body.stream`.
struct ResponseBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let connection: ResponseConnection

    struct AsyncIterator: AsyncIteratorProtocol {
        let connection: ResponseConnection
        /// Once the body has ended, it stays ended: a reader may ask again (a loop or a seek back
        /// replays kept bytes, then reads on), and the closed connection must not read as a drop.
        private var ended = false

        init(connection: ResponseConnection) { self.connection = connection }

        mutating func next() async throws -> ByteBuffer? {
            guard !ended else { return nil }
            guard let bytes = try await connection.nextBody() else {
                ended = true
                return nil
            }
            return bytes
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(connection: connection) }
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
        end(RecordingRequestError.closedEarly)
    }

    func nextPart() -> EventLoopFuture<HTTPClientResponsePart> {
        // What came before the connection ended is still handed out, the end of the body included.
        if let part = kept.popFirst() { return eventLoop.makeSucceededFuture(part) }
        switch state {
        case .over(let error):
            return eventLoop.makeFailedFuture(error)
        case .open:
            guard let context else { return eventLoop.makeFailedFuture(RecordingRequestError.closedEarly) }
            let promise = eventLoop.makePromise(of: HTTPClientResponsePart.self)
            state = .open(waiting: promise)
            readTimeout = eventLoop.assumeIsolated().scheduleTask(in: RecordingRequest.readTimeout) { [weak self] in
                self?.end(RecordingRequestError.readTimedOut)
            }
            context.read()
            return promise.futureResult
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .open(let waiting?) = state {
            readTimeout?.cancel()
            state = .open(waiting: nil)
            waiting.succeed(part)
        } else {
            kept.append(part)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A read that gave the HTTP decoder only part of a part (a head split across packets) produced
        // nothing: with reads on demand, nobody else asks the socket again, and the reader would wait
        // for its timeout.
        if case .open(waiting: .some) = state, kept.isEmpty { context.read() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The decoder's word for a body cut short of its Content-Length.
        end(error as? HTTPParserError == .invalidEOFState ? RecordingRequestError.closedEarly : error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(RecordingRequestError.closedEarly)
    }

    private func end(_ error: any Error) {
        readTimeout?.cancel()
        guard case .open(let waiting) = state else { return }
        state = .over(error)
        waiting?.fail(error)
        context?.close(promise: nil)
    }
}

