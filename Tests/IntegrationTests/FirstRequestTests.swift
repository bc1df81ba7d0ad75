@testable import Audio
import ChirperHTTP
import DemoCatalog
import Foundation
import Locking
import Testing

extension PlaybackTests {
/// `play URL` asks for the URL while its arguments are still being parsed, and the player reads that
/// very answer: one request, begun before anything opens the track.
@Suite("the first request, made before parsing")
struct FirstRequest {
    static func downloads(_ server: DemoServer) -> Int { server.faults.requests.filter { $0.path.hasSuffix("/download") }.count }

    @Test func thePlayerReadsTheAnswerBegunAtStart() async throws {
        try await TestCatalog.withServer { server in
            let entry = try #require(DemoRecordings.builtIn.entry(id: "900001"))
            _ = try await server.audio.file(for: try #require(entry.audio))
            let url = server.origin + "/900001/download"
            let early = StartWork.requesting(url)
            let deadline = Date().addingTimeInterval(10)
            while Self.downloads(server) == 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(Self.downloads(server) == 1, "asked before the track was opened")

            let track = try await DecodedTrack.open(.url(url), begun: await early.firstRequest(for: .url(url)))
            guard case .format = try await track.nextPiece() else { Issue.record("no format first"); return }
            guard case .pcm(let pcm) = try await track.nextPiece() else { Issue.record("no sound"); return }
            #expect(!pcm.isEmpty)
            #expect(Self.downloads(server) == 1, "the early answer was taken, not asked for again")
            let again = await early.firstRequest(for: .url(url))
            #expect(again == nil, "taken once")
        }
    }

    /// A first track that is not the URL asked for drops the early request and closes its connection,
    /// which would otherwise stay open, unread, for the whole run.
    @Test func aFirstTrackOfAnotherSourceDropsTheRequestBegunAtStart() async throws {
        let server = try RawServer(bytes: { _ in [] })  // reads the request, answers nothing, keeps the connection
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/x.mp3"
        let early = StartWork.requesting(url)
        try await Task.sleep(for: .milliseconds(200))
        let another = await early.firstRequest(for: .file("/tmp/song.mp3"))
        #expect(another == nil, "not the track the player opens first")
        for _ in 0..<300 where server.connectionsEnded == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.connectionsEnded == 1, "its connection was closed")
        let dropped = await early.firstRequest(for: .url(url))
        #expect(dropped == nil, "dropped, not kept for later")
    }

    /// What a play's start hands the network's event loop runs on the loop every connection uses, also
    /// when the loop was made before (by another start, or by a request).
    @Test func workHandedToTheNetworkLoopRunsOnTheLoop() async {
        let onTheLoop = Locked<[Bool]>([])
        for _ in 0..<2 {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                NetworkLoop.start {
                    onTheLoop.withLock { $0.append(NetworkLoop.loop.inEventLoop) }
                    done.resume()
                }
            }
        }
        #expect(onTheLoop.withLock { $0 } == [true, true])
    }

    @Test func playByURLAsksOnce() async throws {
        try await TestCatalog.withServer { server in
            let entry = try #require(DemoRecordings.builtIn.entry(id: "900001"))
            _ = try await server.audio.file(for: try #require(entry.audio))
            let result = try await ChirperProcess.run(["play", "--no-cache", server.origin + "/900001/download"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("playing"))
            #expect(Self.downloads(server) == 1, "the request begun before parsing is the one played")
        }
    }
}
}
