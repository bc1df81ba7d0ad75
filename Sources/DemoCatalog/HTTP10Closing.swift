import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel, closing the connection after the response to a request that did not ask
/// to keep it (HTTP/1.0 without `keep-alive`, as mpg123 sends). Hummingbird closes only on an explicit
/// `Connection: close`, and the version is gone by the time a route sees the request, so a client that
/// reads to end of stream (mpg123 does, after the last frame) waited forever.
struct HTTP10ClosingChannel: ServerChildChannel {
    let inner: HTTP1Channel

    static var builder: HTTPServerBuilder {
        HTTPServerBuilder { responder in HTTP10ClosingChannel(inner: HTTP1Channel(responder: responder)) }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // The version is still known between NIO's HTTP/1 decoder and the conversion to HTTP types.
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(SayCloseWhenNotKeptAlive(), position: .before(codec))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Writes down, as `Connection: close`, what a request's version and headers imply.
private final class SayCloseWhenNotKeptAlive: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
