import CZlib
import NIOCore

/// zlib's inflate over one gzip or zlib stream (told apart by its header): the only code that touches
/// zlib. An answer inflating past `ratio` times its compressed size is refused (a small answer must not
/// become gigabytes in memory).
final class Inflater {
    enum Failure: Error, Equatable {
        case corrupt
        case limit
        case truncated
        case trailingBytes
    }

    /// 15: the largest window; +32: gzip or zlib, by the header.
    private static let windowBits: Int32 = 15 + 32
    private static let chunk = 16_384

    private let ratio: Int
    // zlib keeps the stream's address in its state: the stream lives at one address for its life.
    private let stream: UnsafeMutablePointer<z_stream>
    private var compressed = 0
    private var inflated = 0
    private(set) var finished = false

    init(ratio: Int) throws {
        self.ratio = ratio
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init(stream, Self.windowBits) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw Failure.corrupt
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The bytes `input` inflates to. Bytes after the stream's end are refused.
    func inflate(_ input: ByteBuffer, allocator: ByteBufferAllocator) throws -> ByteBuffer {
        var output = allocator.buffer(capacity: Self.chunk)
        guard input.readableBytes > 0 else { return output }
        guard !finished else { throw Failure.trailingBytes }
        compressed += input.readableBytes
        try input.withUnsafeReadableBytes { bytes in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: Bytef.self).baseAddress)
            stream.pointee.avail_in = UInt32(bytes.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            var code = Z_OK
            repeat {
                let wrote = output.writeWithUnsafeMutableBytes(minimumWritableBytes: Self.chunk) { room in
                    stream.pointee.next_out = room.bindMemory(to: Bytef.self).baseAddress
                    stream.pointee.avail_out = UInt32(room.count)
                    code = CZlib.inflate(stream, Z_NO_FLUSH)
                    let wrote = room.count - Int(stream.pointee.avail_out)
                    stream.pointee.next_out = nil
                    stream.pointee.avail_out = 0
                    return wrote
                }
                inflated += wrote
                guard inflated <= compressed * ratio else { throw Failure.limit }
                if code == Z_STREAM_END {
                    finished = true
                    guard stream.pointee.avail_in == 0 else { throw Failure.trailingBytes }
                    return
                }
                // Z_BUF_ERROR: no progress was possible, as when all the input is taken.
                guard code == Z_OK || code == Z_BUF_ERROR else { throw Failure.corrupt }
                if code == Z_BUF_ERROR { return }
            } while true
        }
        return output
    }

    /// Throws when a stream begun has not ended: the answer was cut short. An empty body (a redirect or an
    /// error page labelled gzip) is no stream at all.
    func finish() throws {
        guard finished || compressed == 0 else { throw Failure.truncated }
    }
}
