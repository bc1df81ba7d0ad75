import ChirperHTTP
import DemoCatalog
import Foundation
import Testing

/// Connections kept for the next request to the same server, counted by a front between Chirper and the
/// demo catalog: a second request, a same-host redirect, a kept connection the server dropped, and TLS
/// with the trust roots `SSL_CERT_FILE` names.
@Suite("Kept connections")
struct KeptConnectionTests {
    static func whole(_ url: String, pool: ConnectionPool = .shared) async throws -> Int {
        let response = try await HTTPGet.get(url, headers: ["User-Agent": "chirper"], pool: pool)
        #expect(response.status == 200)
        return try await response.body.collect(upTo: 16 << 20).count
    }

    @Test func aSecondRequestAndASameHostRedirectUseTheFirstConnection() async throws {
        try await TestCatalog.withServer { server in
            let front = try await CountingFront(to: try #require(URL(string: server.origin)?.port))
            defer { front.stop() }
            let origin = "http://127.0.0.1:\(front.port)"
            let first = try await Self.whole(origin + "/900001/download")
            #expect(first > 0)
            #expect(front.counts == .init(connections: 1, requests: 2), "the redirect and the file on one connection")
            #expect(try await Self.whole(origin + "/900001/download") == first)
            #expect(front.counts == .init(connections: 1, requests: 4), "the next request on the kept connection")
        }
    }

    /// The pool is handed down: a caller with a pool of its own shares no connection with another pool,
    /// and its own connection is kept for it.
    @Test func aPoolOfItsOwnKeepsItsConnectionsToItself() async throws {
        try await TestCatalog.withServer { server in
            let front = try await CountingFront(to: try #require(URL(string: server.origin)?.port))
            defer { front.stop() }
            let file = "http://127.0.0.1:\(front.port)/sounds/XC900001.mp3"
            let (mine, another) = (ConnectionPool(), ConnectionPool())
            let first = try await Self.whole(file, pool: mine)
            #expect(try await Self.whole(file, pool: another) == first)
            #expect(front.counts == .init(connections: 2, requests: 2), "another pool: another connection")
            #expect(try await Self.whole(file, pool: mine) == first)
            #expect(front.counts == .init(connections: 2, requests: 3), "the first pool's connection, kept for it")
            weak var letGo: ConnectionPool?
            do {
                let pool = ConnectionPool()
                _ = try await Self.whole(file, pool: pool)
                letGo = pool
            }
            #expect(letGo == nil, "a pool let go is gone, and its kept connection with it")
        }
    }

    @Test func aKeptConnectionTheServerDroppedIsAskedOnceMoreOnANewOne() async throws {
        try await TestCatalog.withServer { server in
            let front = try await CountingFront(to: try #require(URL(string: server.origin)?.port), dropsSecondRequests: true)
            defer { front.stop() }
            let file = "http://127.0.0.1:\(front.port)/sounds/XC900001.mp3"
            let first = try await Self.whole(file)
            #expect(try await Self.whole(file) == first, "the dropped request asked again")
            #expect(front.counts == .init(connections: 2, requests: 2))
        }
    }

    @Test func aBodyDroppedBeforeItsEndIsNotKept() async throws {
        try await TestCatalog.withServer { server in
            let front = try await CountingFront(to: try #require(URL(string: server.origin)?.port))
            defer { front.stop() }
            let file = "http://127.0.0.1:\(front.port)/sounds/XC900001.mp3"
            do {
                let response = try await HTTPGet.get(file, headers: ["User-Agent": "chirper"])
                var parts = response.body.makeAsyncIterator()
                _ = try await parts.next()
            }
            _ = try await Self.whole(file)
            #expect(front.counts.connections == 2, "a connection with an unread body is never reused")
        }
    }

    /// Over TLS with a CA of the test's own, named by SSL_CERT_FILE as OpenSSL's tools take it: the
    /// download's redirect and the file on one connection. Refused: without it (the system's roots), with
    /// another CA's, and (saying so) with roots that cannot be read.
    @Test func playOverHTTPSTrustsSSLCertFileAndUsesOneConnection() async throws {
        let ca = try await TestCA.make()
        defer { ca.remove() }
        try await TestCatalog.withServer(scheme: "https") { server in
            let front = try await CountingFront(to: try #require(URL(string: server.origin)?.port), tls: try ca.serverContext())
            defer { front.stop() }
            let shortest = try #require(DemoRecordings.builtIn.entries.filter { $0.audio != nil }
                .min { ($0.recording.duration ?? 99) < ($1.recording.duration ?? 99) })
            let url = "https://localhost:\(front.port)/\(shortest.recording.id)/download"
            let played = try await ChirperProcess.run(["play", url, "--volume", "0"], environment: ["SSL_CERT_FILE": ca.caFile])
            #expect(played.status == 0, "\(played.stderr)")
            #expect(front.counts == .init(connections: 1, requests: 2))

            let refused = try await ChirperProcess.run(["play", url])
            #expect(refused.status == 5, "a recording that cannot be fetched is a failed play: \(refused.stderr)")
            #expect(refused.stderr.contains("not trusted"), "\(refused.stderr)")

            let other = try await TestCA.make()
            defer { other.remove() }
            let otherCA = try await ChirperProcess.run(["play", url], environment: ["SSL_CERT_FILE": other.caFile])
            #expect(otherCA.status == 5 && otherCA.stderr.contains("not trusted"), "another CA's roots: \(otherCA.stderr)")

            let missing = try await ChirperProcess.run(["play", url], environment: ["SSL_CERT_FILE": ca.folder.appendingPathComponent("none.pem").path])
            #expect(missing.status == 5, "\(missing.stderr)")
            #expect(missing.stderr.contains("SSL_CERT_FILE"), "the variable is named: \(missing.stderr)")
        }
    }
}
