import DemoCatalog
import Foundation
import Locking
import Testing

/// Every answer is checked against its question: a lookup's record must carry the number asked, a
/// Range request's 206 must start at the byte asked. A server of the test's own answers otherwise.
@Suite("Answers checked against their questions", .serialized)
struct AnswerFramingTests {
    typealias Hostile = HostileServerTests

    @Test func aLookupAnsweredWithOtherRecordingsFindsOnlyTheOneAsked() async throws {
        // Whatever number is asked, the page holds 900001 then 900002.
        let body = try Hostile.page([Hostile.recording(id: "900001", file: "http://127.0.0.1:1/a.mp3"),
                                     Hostile.recording(id: "900002", file: "http://127.0.0.1:1/b.mp3")])
        let server = try RawServer(keepingOpen: false) { _ in Hostile.http(body) }
        let second = try await ChirperProcess.run(["info", "XC900002"] + Hostile.api(server))
        #expect(second.status == 0 && second.stdout.contains("XC900002") && !second.stdout.contains("XC900001"), "\(second.stdout)\(second.stderr)")
        let json = try await ChirperProcess.run(["info", "900002", "--json"] + Hostile.api(server))
        #expect(json.stdout.contains("\"id\" : \"900002\"") || json.stdout.contains("\"id\": \"900002\""), "\(json.stdout)")
        for number in ["900003", "0900003"] {
            let missing = try await ChirperProcess.run(["info", number] + Hostile.api(server))
            #expect(missing.status == 1 && missing.stderr.contains("no recording XC\(number)"), "\(missing.stdout)\(missing.stderr)")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-none-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let download = try await ChirperProcess.run(["download", number, "--dir", folder.path] + Hostile.api(server))
            #expect(download.status != 0 && download.stderr.contains("XC\(number): no such recording"), "\(download.stdout)\(download.stderr)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty, "no other recording is saved")
        }
    }

    /// The first answer sends half the file and closes; each Range request is answered 206 from byte
    /// 0 again (a Content-Range that says so, or none) with a length past any file's.
    @Test func aRangeAnsweredFromAnotherByteEndsTheTrackWithAClearError() async throws {
        let file = try await PlaybackTests.mp3(AudioSpec(shape: .tone(hertz: 440), sampleRate: 44_100, channels: 1, seconds: 4))
        let mp3 = try [UInt8](Data(contentsOf: file))
        for contentRange in ["Content-Range: bytes 0-\(mp3.count - 1)/\(mp3.count)\r\n", "", "Content-Range: bytes 100-199/999999999\r\n"] {
            let ranges = Locked(0)
            let server = try RawServer(keepingOpen: false, bytes: { request in
                if request.lowercased().contains("\r\nrange: bytes=") {
                    ranges.withLock { $0 += 1 }
                    return [Array("HTTP/1.1 206 Partial Content\r\n\(contentRange)Content-Length: 9223372036854775807\r\n\r\n".utf8) + mp3]
                }
                return [Array("HTTP/1.1 200 OK\r\nContent-Length: \(mp3.count)\r\n\r\n".utf8) + mp3.prefix(mp3.count / 2)]
            })
            let result = try await ChirperProcess.run(["decode", "http://127.0.0.1:\(server.port)/x.mp3"], timeout: 30)
            #expect(!result.timedOut, "\(contentRange): \(result.stderr.suffix(400))")
            #expect(result.status != 0, "\(contentRange): \(result.stdout.suffix(300))")
            #expect(result.stderr.contains("answer to a request from byte"), "\(contentRange): \(result.stderr.suffix(400))")
            #expect(ranges.withLock { $0 } <= 4, "a few reopenings, not a loop: \(ranges.withLock { $0 })")
        }
    }
}
