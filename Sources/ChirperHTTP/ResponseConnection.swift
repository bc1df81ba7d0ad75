import Locking
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A connection to one server carrying one GET at a time: the channel, and the handler that hands the
/// answer out a part at a time. When an answer's body is read to its end and both sides keep the
/// connection, it goes back to the pool (`ConnectionPool`) for the next request to the same server; a
/// body dropped before its end (a seek, a stop) closes it, so nothing leaks.
final class ResponseConnection: Sendable {
    let channel: any Channel
    let receiver: NIOLoopBound<ResponseReceiver>
    /// The server it is connected to, as the pool files it.
    let place: ConnectionPool.Place
    /// Where it goes back to when an answer is read to its end and both sides keep it. Weak: the pool
    /// holds the connections it keeps, and a pool let go closes them (as their last owner).
    weak let pool: ConnectionPool?
    /// How many answers it has carried to their end. An answer's body reads only while it is the
    /// connection's current one: once it ended, the connection may carry another's.
    private let answered = Locked(0)

    private init(channel: any Channel, receiver: NIOLoopBound<ResponseReceiver>, place: ConnectionPool.Place, pool: ConnectionPool) {
        self.channel = channel
        self.receiver = receiver
        self.place = place
        self.pool = pool
    }

    deinit { channel.close(promise: nil) }

    func close() { channel.close(promise: nil) }

    /// The number of the answer it carries now.
    var currentAnswer: Int { answered.withLock { $0 } }

    static func open(to target: Target, patient: Bool, pool: ConnectionPool) async throws -> ResponseConnection {
        let deadline = NIODeadline.now() + HTTPGet.connectTimeout
        var wait = HTTPGet.firstReconnectWait
        while true {
            do {
                return try await connect(to: target, pool: pool)
            } catch {
                // A refusal or a timeout may pass (a server restarting, a link coming back); a name
                // that does not resolve (no address was tried) or a TLS failure will not.
                // (An address connected to directly fails with the socket's IOError.)
                let passing = (error as? NIOConnectionError).map { !$0.connectionErrors.isEmpty } ?? (error is ChannelError || error is IOError)
                guard patient, passing, NIODeadline.now() + wait < deadline else { throw error }
                try await Task.sleep(for: .nanoseconds(wait.nanoseconds))
                wait = min(wait * 2, HTTPGet.longestReconnectWait)
            }
        }
    }

    private static func connect(to target: Target, pool: ConnectionPool) async throws -> ResponseConnection {
        let connecting = connecting(to: target, pool: pool)
        return try await connecting.valueUnlessCancelled { connecting.whenSuccess { $0.close() } }
    }

    /// A connection to `target`, made on the event loop, kept in `pool` between answers.
    static func connecting(to target: Target, pool: ConnectionPool) -> EventLoopFuture<ResponseConnection> {
        let group = NetworkLoop.loop
        let context: NIOSSLContext?
        do { context = target.secure ? try TLSSettings.context.get() : nil } catch { return group.any().makeFailedFuture(error) }
        let place = ConnectionPool.Place(target)
        let serverName = target.address == nil ? target.host : nil
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
                    // Every connection can inflate, so that a page and a file share one; only a request
                    // that accepts gzip gets it (`Target.request`).
                    try pipeline.addHandler(ResponseReceiver(eventLoop: channel.eventLoop, inflationRatio: HTTPGet.inflationLimit))
                }
            }
        // A name is resolved once a process, its addresses tried as Happy Eyeballs says, and the address
        // that answered is connected to directly after; an address is connected to directly (resolving
        // one still costs a trip through getaddrinfo on another thread).
        let connected: EventLoopFuture<any Channel>
        if let address = target.address {
            connected = bootstrap.connect(to: address)
        } else if let address = KnownAddresses.shared.address(of: place) {
            // An address that no longer answers (the network changed) is forgotten and the name
            // looked up again, for this connection and the next.
            connected = bootstrap.connect(to: address).flatMapError { _ in
                KnownAddresses.shared.forget(place)
                return bootstrap.connect(host: target.host, port: target.port)
            }
        } else {
            connected = bootstrap.connect(host: target.host, port: target.port)
            connected.whenSuccess { channel in channel.remoteAddress.map { KnownAddresses.shared.remember($0, for: place) } }
        }
        return connected.flatMap { channel in
            let made: @Sendable () throws -> ResponseConnection = {
                let receiver = try channel.pipeline.syncOperations.handler(type: ResponseReceiver.self)
                return ResponseConnection(channel: channel, receiver: NIOLoopBound(receiver, eventLoop: channel.eventLoop), place: place, pool: pool)
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
            guard case .head(let answer) = part else { throw NetworkError.closedBeforeAnswer }
            return answer
        }.flatMapErrorThrowing { error in
            throw error as? NetworkError == .closedEarly ? NetworkError.closedBeforeAnswer : error
        }
    }

    /// The next bytes of answer number `answer`; nil once it is whole. Then the connection is kept for
    /// the next request to its server when `keep` (both sides asked to keep it), else closed.
    func nextBody(ofAnswer answer: Int, keep: Bool) async throws -> ByteBuffer? {
        guard currentAnswer == answer else { return nil }  // it ended, and the connection moved on
        switch try await nextPart() {
        case .body(let bytes):
            return bytes
        case .end:
            answered.withLock { $0 += 1 }
            // Kept only clean: nothing read past the answer, nothing failed, still open.
            let receiver = self.receiver
            let clean = keep ? (try? await channel.eventLoop.submit { receiver.value.isIdle }.get()) ?? false : false
            if clean, let pool { pool.keep(self) } else { close() }
            return nil
        case .head:
            throw NetworkError.closedEarly
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

