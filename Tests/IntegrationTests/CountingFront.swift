import Foundation
import Locking
import NIOCore
import NIOPosix
import NIOSSL

/// A front on 127.0.0.1 that relays each connection to a server behind it, speaking TLS to the client
/// when it is given a certificate, and counts what passes: connections, and requests (request lines
/// the client sent). `dropsSecondRequests`: a connection is closed, unanswered, when its client sends a
/// second request on it (a server that closed an idle connection just as the client reused it).
final class CountingFront: Sendable {
    struct Counts: Equatable, Sendable {
        var connections = 0
        var requests = 0
    }

    private let channel: any Channel
    private let seen: Locked<Counts>
    var port: Int { channel.localAddress?.port ?? 0 }
    var counts: Counts { seen.withLock { $0 } }

    init(to backend: Int, tls: NIOSSLContext? = nil, dropsSecondRequests: Bool = false) async throws {
        let seen = Locked(Counts())
        self.seen = seen
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { client in
                seen.withLock { $0.connections += 1 }
                return ClientBootstrap(group: client.eventLoop).connect(host: "127.0.0.1", port: backend).flatMapThrowing { server in
                    let (toServer, toClient) = RelayHandler.pair(seen: seen, dropsSecondRequests: dropsSecondRequests)
                    if let tls { try client.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try client.pipeline.syncOperations.addHandler(toServer)
                    try server.pipeline.syncOperations.addHandler(toClient)
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
    }

    func stop() { channel.close(promise: nil) }
}

/// One side of a relayed connection: what it reads, its partner writes. Both sides run on one event loop.
private final class RelayHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var partner: RelayHandler?
    private var context: ChannelHandlerContext?
    /// Set on the client's side only.
    private let seen: Locked<CountingFront.Counts>?
    private let dropsSecondRequests: Bool
    private var requestsHere = 0

    private init(seen: Locked<CountingFront.Counts>?, dropsSecondRequests: Bool) {
        self.seen = seen
        self.dropsSecondRequests = dropsSecondRequests
    }

    static func pair(seen: Locked<CountingFront.Counts>, dropsSecondRequests: Bool) -> (RelayHandler, RelayHandler) {
        let fromClient = RelayHandler(seen: seen, dropsSecondRequests: dropsSecondRequests)
        let fromServer = RelayHandler(seen: nil, dropsSecondRequests: false)
        fromClient.partner = fromServer
        fromServer.partner = fromClient
        return (fromClient, fromServer)
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if let seen {
            let text = String(decoding: bytes.readableBytesView, as: UTF8.self)
            let requests = text.components(separatedBy: "GET /").count - 1
            requestsHere += requests
            if dropsSecondRequests && requestsHere >= 2 {
                context.close(promise: nil)
                return
            }
            seen.withLock { $0.requests += requests }
        }
        partner?.context?.writeAndFlush(NIOAny(bytes), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.context?.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// A certificate authority of the test's own, and a certificate it signed for localhost and 127.0.0.1,
/// made by openssl in a temporary folder.
struct TestCA {
    let folder: URL
    var caFile: String { folder.appendingPathComponent("ca.pem").path }
    var certificateFile: String { folder.appendingPathComponent("server.pem").path }
    var keyFile: String { folder.appendingPathComponent("server.key").path }

    static func make() async throws -> TestCA {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: path("ext"), atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [
            ["req", "-x509"] + ec + ["-days", "1", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-subj", "/CN=Chirper test CA"],
            ["req"] + ec + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
             "-days", "1", "-out", path("server.pem"), "-extfile", path("ext")],
        ] {
            let made = try await Spawn.run("/usr/bin/openssl", arguments)
            guard made.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        return TestCA(folder: folder)
    }

    func serverContext() throws -> NIOSSLContext {
        try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
