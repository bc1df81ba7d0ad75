import ChirperHTTP
import Foundation
import Testing

/// Answers gzip- or deflate-encoded, inflated on the way in by the system's zlib (`ResponseInflation`),
/// from a raw server on 127.0.0.1: whole ones read, bad ones refused in a listener's words.
@Suite("Chirper's GET: compressed answers")
struct HTTPGzipTests {
    /// The API's pages may come gzipped: asked for with Accept-Encoding and inflated on the way in.
    @Test func aGzippedAnswerIsInflated() async throws {
        // `{"recordings": "gzipped"}`, gzipped.
        let gzipped: [UInt8] = [31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 42, 74, 77, 206, 47, 74, 201, 204, 75, 47, 86, 178, 82, 80,
                                74, 175, 202, 44, 40, 72, 77, 81, 170, 5, 0, 227, 157, 51, 74, 25, 0, 0, 0]
        let server = try RawServer(keepingOpen: false, bytes: { request in
            guard request.lowercased().contains("accept-encoding: deflate, gzip") else { return [Array("HTTP/1.1 406 Not Acceptable\r\nContent-Length: 0\r\n\r\n".utf8)] }
            return [Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(gzipped.count)\r\n\r\n".utf8) + gzipped]
        })
        defer { server.stop() }
        let answer = try await HTTPGet.get("http://127.0.0.1:\(server.port)/api/3/recordings", headers: [:], decompressing: true)
        #expect(answer.status == 200)
        #expect(String(decoding: try await answer.body.collect(upTo: 1 << 16), as: UTF8.self) == #"{"recordings": "gzipped"}"#)
    }

    /// A gzipped body that is corrupt, cut short, or followed by other bytes is an error in a listener's
    /// words, never handed out as if whole; a deflate (zlib) body is inflated as gzip is.
    @Test func aBadGzipBodyIsRefusedAndDeflateIsRead() async throws {
        let gzipped: [UInt8] = [31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 42, 74, 77, 206, 47, 74, 201, 204, 75, 47, 86, 178, 82, 80,
                                74, 175, 202, 44, 40, 72, 77, 81, 170, 5, 0, 227, 157, 51, 74, 25, 0, 0, 0]
        var corrupt = gzipped
        corrupt[14] ^= 0xFF
        let cases: [(encoding: String, body: [UInt8], expected: Result<String, NetworkError>)] = [
            ("gzip", corrupt, .failure(.notHTTP("its compressed body is corrupt"))),
            ("gzip", Array(gzipped.prefix(30)), .failure(.notHTTP("its compressed body is cut short or followed by other bytes"))),
            ("gzip", gzipped + Array("more".utf8), .failure(.notHTTP("its compressed body is cut short or followed by other bytes"))),
            // An empty body labelled gzip (a redirect's, an error page's) is read as empty.
            ("gzip", [], .success("")),
            // `{"a": 1}` in zlib's format, as Content-Encoding: deflate sends it.
            ("deflate", [120, 156, 171, 86, 74, 84, 178, 82, 48, 172, 5, 0, 9, 229, 2, 41], .success(#"{"a": 1}"#)),
        ]
        for each in cases {
            let server = try RawServer(keepingOpen: false, bytes: { _ in
                [Array("HTTP/1.1 200 OK\r\nContent-Encoding: \(each.encoding)\r\nContent-Length: \(each.body.count)\r\n\r\n".utf8) + each.body]
            })
            defer { server.stop() }
            let read: Result<String, NetworkError>
            do {
                let answer = try await HTTPGet.get("http://127.0.0.1:\(server.port)/api/3/recordings", headers: [:], decompressing: true)
                read = .success(String(decoding: try await answer.body.collect(upTo: 1 << 16), as: UTF8.self))
            } catch let error as NetworkError {
                read = .failure(error)
            }
            #expect(read == each.expected, "\(each.encoding), \(each.body.count) bytes")
        }
    }

    /// A body that inflates past 25 times its size (a gzip bomb) is refused as not HTTP, never handed
    /// out cut short as if it were whole.
    @Test func aGzipBombIsRefusedNotCut() async throws {
        // Made by gzip into a file, waited for without blocking a thread of the tests' shared pool.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-bomb-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "head -c 4000000 /dev/zero | gzip -c > '\(file.path)'"]
        try gzip.run()
        while gzip.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let bomb = [UInt8](try Data(contentsOf: file))
        let server = try RawServer(keepingOpen: false, bytes: { _ in
            [Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n".utf8) + bomb]
        })
        defer { server.stop() }
        let answer = try await HTTPGet.get("http://127.0.0.1:\(server.port)/api/3/recordings", headers: [:], decompressing: true)
        await #expect(throws: NetworkError.notHTTP("its compressed body inflates past the limit")) {
            _ = try await answer.body.collect(upTo: 64 << 20)
        }
    }
}
