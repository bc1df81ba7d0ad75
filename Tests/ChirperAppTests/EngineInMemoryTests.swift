import Audio
import Foundation
import PlaybackModel
import Synchronization
import Testing

/// The one engine with the sound output in memory: the real decoder (WAV files the tests write), the
/// real state machine and session, and a sink that plays 20 times faster than real time and records
/// what it was given. What the listener hears stays with the tests on the null sink's monitor.
@Suite("the engine into an in-memory sink")
struct EngineInMemoryTests {
    /// Events as they came.
    final class Events: Sendable {
        private let list = Mutex<[(Int, PlaybackEvent)]>([])
        func add(_ index: Int, _ event: PlaybackEvent) { list.withLock { $0.append((index, event)) } }
        var all: [(Int, PlaybackEvent)] { list.withLock { $0 } }
        var started: Bool { all.contains { if case .started = $0.1 { true } else { false } } }
    }

    static func engine(_ output: MemoryOutput) -> PlaybackEngine {
        PlaybackEngine(options: PlaybackEngine.Options(output: output))
    }

    @Test func aTrackIsWrittenWholeThenFinishes() async throws {
        let file = try ToneFile.make(seconds: 2)
        let output = MemoryOutput()
        let events = Events()
        let report = await Self.engine(output).play(track: { $0 == 0 ? .init(id: "a", source: .file(file), duration: nil) : nil },
                                                    events: { events.add($0.index, $1) })
        #expect(report.failed.isEmpty)
        #expect(report.played.map(\.index) == [0])
        #expect(output.sinks.count == 1)
        #expect(abs(output.sinks[0].secondsWritten - 2) < 0.001, "every sample, once: \(output.sinks[0].secondsWritten) s")
        #expect(events.started)
        #expect(events.all.last.map { $0.1 == .finished } == true)
    }

    @Test func twoTracksOfOneFormatShareOneSinkGaplessly() async throws {
        let (first, second) = (try ToneFile.make(hertz: 500, seconds: 1.5), try ToneFile.make(hertz: 900, seconds: 1.5))
        let output = MemoryOutput()
        let files = [first, second]
        let report = await Self.engine(output).play(track: { $0 < 2 ? .init(id: "\($0)", source: .file(files[$0]), duration: nil) : nil },
                                                    events: { _, _ in })
        #expect(report.played.map(\.index) == [0, 1])
        #expect(output.sinks.count == 1, "one stream for both: nothing between them")
        #expect(abs(output.sinks[0].secondsWritten - 3) < 0.001, "\(output.sinks[0].secondsWritten) s: no silence added")
    }

    @Test func aChangeOfFormatOpensAnotherSink() async throws {
        let (first, second) = (try ToneFile.make(seconds: 1, sampleRate: 44_100), try ToneFile.make(seconds: 1, sampleRate: 48_000))
        let output = MemoryOutput()
        let files = [first, second]
        _ = await Self.engine(output).play(track: { $0 < 2 ? .init(id: "\($0)", source: .file(files[$0]), duration: nil) : nil },
                                           events: { _, _ in })
        #expect(output.sinks.map(\.format.sampleRate) == [44_100, 48_000])
    }

    /// Stopped while the next track is still being fetched (a page loading, a slow server): play ends
    /// at once as stopped, and nothing is written.
    @Test func stopWhileATrackIsStillComingEndsAtOnce() async throws {
        let file = try ToneFile.make(seconds: 1)
        let output = MemoryOutput()
        let engine = Self.engine(output)
        let playing = Task {
            await engine.play(track: { index in
                try? await Task.sleep(for: .milliseconds(300))
                return index == 0 ? .init(id: "slow", source: .file(file), duration: nil) : nil
            }, events: { _, _ in })
        }
        try await Task.sleep(for: .milliseconds(50))
        engine.stop()
        let report = await playing.value
        #expect(report.stopped)
        #expect(report.played.isEmpty)
        #expect(output.sinks.allSatisfy { $0.secondsWritten == 0 })
    }

    /// A seek drops what is queued (a flush) and goes on from the new point; a stop right after it
    /// (Ctrl-C during a seek) still ends the play at once.
    @Test func aSeekFlushesAndAStopDuringItEndsThePlay() async throws {
        let file = try ToneFile.make(seconds: 8)
        let output = MemoryOutput(speedup: 4)
        let engine = Self.engine(output)
        let events = Events()
        let playing = Task {
            await engine.play(track: { $0 == 0 ? .init(id: "long", source: .file(file), duration: nil) : nil },
                              events: { events.add($0.index, $1) })
        }
        while !events.started { try await Task.sleep(for: .milliseconds(2)) }
        engine.send(.seek(by: 5))
        for _ in 0..<2_000 where !(output.sinks.first?.records.contains { if case .flushed = $0 { true } else { false } } ?? false) {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(output.sinks[0].records.contains { if case .flushed = $0 { true } else { false } }, "the queued sound was dropped")
        engine.stop()
        let report = await playing.value
        #expect(report.stopped)
        #expect(output.sinks[0].secondsWritten < 8, "the seek skipped sound: \(output.sinks[0].secondsWritten) s written")
    }
}
