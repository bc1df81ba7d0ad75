import Audio
@testable import ChirperApp
import PlaybackModel
import Testing

/// The session `play`, `queue` and `compare` run, in process: its items through the one engine into an
/// in-memory output, and what it reports. (Its keys and status line on a terminal stay with the tmux tests.)
@Suite("the playing session, in process")
struct PlayingSessionTests {
    @Test func aQueueOfTwoPlaysBothInOrder() async throws {
        let files = [try ToneFile.make(hertz: 500, seconds: 1), try ToneFile.make(hertz: 800, seconds: 1)]
        defer { files.forEach(ToneFile.remove) }
        let output = MemoryOutput()
        let items = files.enumerated().map { index, file in
            PlayingSession.Item(track: PlaybackEngine.Track(id: "\(index)", source: .file(file), duration: 1),
                                header: nil, name: "tone \(index)")
        }
        let session = PlayingSession(items, screen: .queue, options: PlaybackEngine.Options(output: output))
        let report = await session.run()
        #expect(report.played.map(\.index) == [0, 1])
        #expect(report.failed.isEmpty)
        #expect(!session.interrupted.isSet)
        let sink = try #require(output.sinks.first)
        #expect(abs(sink.secondsWritten - 2) < 0.001, "both tracks, gapless in one sink: \(sink.secondsWritten) s")
    }

    @Test func aTrackThatCannotBeReadFailsWithItsReasonAndTheNextStillPlays() async throws {
        let file = try ToneFile.make(seconds: 1)
        defer { ToneFile.remove(file) }
        let output = MemoryOutput()
        let items = [
            PlayingSession.Item(track: PlaybackEngine.Track(id: "gone", source: .file("/nonexistent/song.mp3"), duration: nil),
                                header: nil, name: "gone"),
            PlayingSession.Item(track: PlaybackEngine.Track(id: "tone", source: .file(file), duration: 1), header: nil, name: "tone"),
        ]
        let report = await PlayingSession(items, screen: .queue, options: PlaybackEngine.Options(output: output)).run()
        #expect(report.failed.map(\.index) == [0])
        #expect(report.played.map(\.index) == [1])
    }
}
