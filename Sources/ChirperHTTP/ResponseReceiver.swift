import NIOCore
import NIOHTTP1

/// The pipeline's last handler: keeps what the HTTP decoder produced (inflated, `ResponseInflation`)
/// until the reader asks for it, and asks the socket for more only when the reader waits and nothing is
/// kept. Runs on the channel's event loop only.
final class ResponseReceiver: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

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
    private var inflation: ResponseInflation

    /// `inflationRatio`: how many times its size a compressed answer may inflate to.
    init(eventLoop: any EventLoop, inflationRatio: Int) {
        self.eventLoop = eventLoop
        inflation = ResponseInflation(ratio: inflationRatio)
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        end(NetworkError.closedEarly)
    }

    /// Nothing kept, nobody waiting and the connection not over: ready for another answer.
    var isIdle: Bool {
        guard kept.isEmpty, case .open(waiting: nil) = state else { return false }
        return context?.channel.isActive ?? false
    }

    func nextPart() -> EventLoopFuture<HTTPClientResponsePart> {
        // What came before the connection ended is still handed out, the end of the body included.
        if let part = kept.popFirst() { return eventLoop.makeSucceededFuture(part) }
        switch state {
        case .over(let error):
            return eventLoop.makeFailedFuture(error)
        case .open:
            guard let context else { return eventLoop.makeFailedFuture(NetworkError.closedEarly) }
            let promise = eventLoop.makePromise(of: HTTPClientResponsePart.self)
            state = .open(waiting: promise)
            readTimeout = eventLoop.assumeIsolated().scheduleTask(in: HTTPGet.readTimeout) { [weak self] in
                self?.end(NetworkError.readTimedOut)
            }
            context.read()
            return promise.futureResult
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(wrapOutboundOut(ResponseInflation.request(unwrapOutboundIn(data))), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After an error (the inflater's limit, say) the decoder may still pass on what it had, the
        // answer's end included: taken, it would make a cut body look whole.
        guard case .open = state else { return }
        let part: HTTPClientResponsePart
        do {
            guard let taken = try inflation.take(unwrapInboundIn(data), allocator: context.channel.allocator) else { return }
            part = taken
        } catch {
            return end(NetworkError.from(error))
        }
        switch state {
        case .open(let waiting?):
            readTimeout?.cancel()
            state = .open(waiting: nil)
            waiting.succeed(part)
        case .open(nil):
            kept.append(part)
        case .over:
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
        end(NetworkError.from(error))
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(NetworkError.closedEarly)
    }

    private func end(_ error: any Error) {
        readTimeout?.cancel()
        guard case .open(let waiting) = state else { return }
        state = .over(error)
        waiting?.fail(error)
        context?.close(promise: nil)
    }
}

