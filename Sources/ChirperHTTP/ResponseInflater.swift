import NIOCore
import NIOHTTP1

/// A connection's answers inflated when they come gzip- or deflate-encoded, and requests that do not
/// say otherwise told that such answers are welcome. The head is passed on as it came; the body is the
/// inflated bytes; a corrupt, cut short or oversized body is an error on the pipeline.
final class ResponseInflater: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    private enum Body {
        case asItCame
        case inflating(Inflater)
        /// An error was raised: the rest of this body is dropped.
        case failed
    }

    private let ratio: Int
    private var body = Body.asItCame

    init(ratio: Int) { self.ratio = ratio }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), !head.headers.contains(name: "Accept-Encoding") else {
            return context.write(data, promise: promise)
        }
        head.headers.add(name: "Accept-Encoding", value: "deflate, gzip")
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let encoding = head.headers[canonicalForm: "Content-Encoding"].first?.lowercased()
            body = .asItCame
            if encoding == "gzip" || encoding == "deflate" {
                do { body = .inflating(try Inflater(ratio: ratio)) } catch { return fail(error, context: context) }
            }
            context.fireChannelRead(data)
        case .body(let bytes):
            switch body {
            case .asItCame: context.fireChannelRead(data)
            case .failed: break
            case .inflating(let inflater):
                do {
                    let inflated = try inflater.inflate(bytes, allocator: context.channel.allocator)
                    if inflated.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(.body(inflated))) }
                } catch {
                    fail(error, context: context)
                }
            }
        case .end:
            if case .inflating(let inflater) = body {
                do { try inflater.finish() } catch { fail(error, context: context) }
            }
            body = .asItCame
            context.fireChannelRead(data)
        }
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        body = .failed
        context.fireErrorCaught(error)
    }
}

@available(*, unavailable)
extension ResponseInflater: Sendable {}
