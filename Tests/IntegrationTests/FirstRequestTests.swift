@testable import Audio
import DemoCatalog
import Foundation
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
            StartWork.request(url)
            let deadline = Date().addingTimeInterval(10)
            while Self.downloads(server) == 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(Self.downloads(server) == 1, "asked before the track was opened")

            let track = try await DecodedTrack.open(.url(url))
            guard case .format = try await track.nextPiece() else { Issue.record("no format first"); return }
            guard case .pcm(let pcm) = try await track.nextPiece() else { Issue.record("no sound"); return }
            #expect(!pcm.isEmpty)
            #expect(Self.downloads(server) == 1, "the early answer was taken, not asked for again")
            #expect(StartWork.firstRequest(for: url) == nil, "taken once")
        }
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
