import NIOCore
import NIOHTTP1

/// A connection's answers inflated when they come gzip- or deflate-encoded, and requests that do not
/// say otherwise told that such answers are welcome: what the receiver (`ResponseReceiver`) does to each
/// part on its way, so that the pipeline has one handler fewer for the event loop to set up at the
/// connection's start. The head is passed on as it came; the body is the inflated bytes; a corrupt, cut
/// short or oversized body is an error.
struct ResponseInflation {
    private enum Body {
        case asItCame
        case inflating(Inflater)
    }

    private let ratio: Int
    private var body = Body.asItCame

    init(ratio: Int) { self.ratio = ratio }

    /// `part` of a request, with gzip and deflate welcome unless its head says what it accepts.
    static func request(_ part: HTTPClientRequestPart) -> HTTPClientRequestPart {
        guard case .head(var head) = part, !head.headers.contains(name: "Accept-Encoding") else { return part }
        head.headers.add(name: "Accept-Encoding", value: "deflate, gzip")
        return .head(head)
    }

    /// What the reader is handed for `part` of an answer: nil for body bytes that inflate to nothing yet.
    mutating func take(_ part: HTTPClientResponsePart, allocator: ByteBufferAllocator) throws -> HTTPClientResponsePart? {
        switch part {
        case .head(let head):
            let encoding = head.headers[canonicalForm: "Content-Encoding"].first?.lowercased()
            body = .asItCame
            if encoding == "gzip" || encoding == "deflate" { body = .inflating(try Inflater(ratio: ratio)) }
            return part
        case .body(let bytes):
            guard case .inflating(let inflater) = body else { return part }
            let inflated = try inflater.inflate(bytes, allocator: allocator)
            return inflated.readableBytes > 0 ? .body(inflated) : nil
        case .end:
            defer { body = .asItCame }
            if case .inflating(let inflater) = body { try inflater.finish() }
            return part
        }
    }
}
