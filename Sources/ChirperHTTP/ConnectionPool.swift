import Locking
import NIOCore

/// Connections whose last answer was read to its end, kept for the next request to the same server:
/// a page after a page, a file after its redirect, the next track after this one. A connection the
/// server closed while it was kept is passed over; one that turns out dead when used is given up and
/// the request made once more on a new connection (`HTTPGet`).
/// One pool serves a process (`shared`); a caller that wants connections of its own (a test) makes another.
public final class ConnectionPool: Sendable {
    /// Where a connection goes: scheme, host and port.
    struct Place: Hashable, Sendable {
        var secure: Bool
        var host: String
        var port: Int

        init(_ target: Target) {
            (secure, host, port) = (target.secure, target.host, target.port)
        }
    }

    /// At most this many idle connections a place: a listener's process asks one server for one thing
    /// at a time, with a prefetch or a page beside it.
    static let keptPerPlace = 2

    public static let shared = ConnectionPool()

    public init() {}

    private let idle = Locked<[Place: [ResponseConnection]]>([:])

    /// An idle connection to `place` that is still open, taken out of the pool.
    func take(_ place: Place) -> ResponseConnection? {
        idle.withLock { idle in
            idle[place]?.removeAll { !$0.channel.isActive }
            return idle[place]?.popLast()
        }
    }

    /// Keeps `connection` for the next request to its place; the oldest one kept there is closed when
    /// there are too many.
    func keep(_ connection: ResponseConnection) {
        let extra = idle.withLock { idle -> ResponseConnection? in
            idle[connection.place, default: []].append(connection)
            return idle[connection.place]!.count > Self.keptPerPlace ? idle[connection.place]!.removeFirst() : nil
        }
        extra?.close()
    }
}

/// The address each server's name resolved to, so that the name is looked up once a process.
final class KnownAddresses: Sendable {
    static let shared = KnownAddresses()
    private let known = Locked<[ConnectionPool.Place: SocketAddress]>([:])

    func address(of place: ConnectionPool.Place) -> SocketAddress? { known.withLock { $0[place] } }
    func remember(_ address: SocketAddress, for place: ConnectionPool.Place) { known.withLock { $0[place] = address } }
    func forget(_ place: ConnectionPool.Place) { known.withLock { $0[place] = nil } }
}
