import NIOCore
import NIOHTTP1

/// An answer's status, headers and body, the body read as it is asked for. Chirper's own types: no
/// NIO type crosses the module's boundary.
public struct HTTPAnswer: Sendable {
    public let status: Int
    public let headers: AnswerHeaders
    public let body: Body

    init(head: HTTPResponseHead, body: Body) {
        status = Int(head.status.code)
        headers = AnswerHeaders(fields: head.headers)
        self.body = body
    }

    /// The body as an async sequence of byte arrays; the connection is kept for the next request when
    /// it ends (both sides willing), closed when it is dropped before. Fails with a `NetworkError`.
    public struct Body: AsyncSequence, Sendable {
        public typealias Element = [UInt8]
        let connection: ResponseConnection
        /// Which of the connection's answers this is.
        let answer: Int
        /// Whether both sides keep the connection after it.
        let keep: Bool

        init(connection: ResponseConnection, keep: Bool) {
            self.connection = connection
            self.answer = connection.currentAnswer
            self.keep = keep
        }

        public struct AsyncIterator: AsyncIteratorProtocol {
            let body: Body
            /// Once the body has ended, it stays ended: a reader may ask again (a loop or a seek back
            /// replays kept bytes, then reads on), and the closed connection must not read as a drop.
            private var ended = false

            init(body: Body) { self.body = body }

            public mutating func next() async throws -> [UInt8]? {
                try await nextBuffer().map { Array($0.readableBytesView) }
            }

            mutating func nextBuffer() async throws -> ByteBuffer? {
                guard !ended else { return nil }
                let (connection, answer, keep) = (body.connection, body.answer, body.keep)
                guard let bytes = try await NetworkError.classifying({ try await connection.nextBody(ofAnswer: answer, keep: keep) }) else {
                    ended = true
                    return nil
                }
                return bytes
            }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }

        /// The whole body, when it is at most `limit` bytes (else `NetworkError.tooLarge`).
        public func collect(upTo limit: Int) async throws -> [UInt8] {
            Array(try await collectBuffer(upTo: limit).readableBytesView)
        }

        func collectBuffer(upTo limit: Int) async throws -> ByteBuffer {
            var whole = ByteBuffer()
            var parts = makeAsyncIterator()
            while var part = try await parts.nextBuffer() {
                guard whole.readableBytes + part.readableBytes <= limit else { throw NetworkError.tooLarge }
                whole.writeBuffer(&part)
            }
            return whole
        }
    }
}

/// An answer's header fields, looked up by name in any case.
public struct AnswerHeaders: Sendable {
    let fields: HTTPHeaders

    /// The first value of the field `name`, if the answer has it.
    public func first(name: String) -> String? { fields.first(name: name) }
}
