import Audio
import Foundation
import PlaybackModel
import Locking
import Testing

/// The one engine with the sound output in memory: the real decoder (WAV files the tests write), the
/// real state machine and session, and a sink that plays 20 times faster than real time and records
/// what it was given. What the listener hears stays with the tests on the null sink's monitor.
@Suite("the engine into an in-memory sink")
struct EngineInMemoryTests {
    /// Events as they came.
    final class Events: Sendable {
        private let list = Locked<[(Int, PlaybackEvent)]>([])
        func add(_ index: Int, _ event: PlaybackEvent) { list.withLock { $0.append((index, event)) } }
        var all: [(Int, PlaybackEvent)] { list.withLock { $0 } }
        var started: Bool { all.contains { if case .started = $0.1 { true } else { false } } }
    }

    static func engine(_ output: MemoryOutput) -> PlaybackEngine {
        PlaybackEngine(options: PlaybackEngine.Options(output: output))
    }

    @Test func aTrackIsWrittenWholeThenFinishes() async throws {
        let file = try ToneFile.make(seconds: 2)
        defer { ToneFile.remove(file) }
        let output = MemoryOutput()
        let events = Events()
        let report = await Self.engine(output).play(track: { $0 == 0 ? .init(id: "a", source: .file(file), duration: nil) : nil },
                                                    events: { events.add($0.index, $1) })
        #expect(report.failed.isEmpty)
        #expect(report.played.map(\.index) == [0])
        let sink = try #require(output.sinks.first)
        #expect(output.sinks.count == 1)
        #expect(abs(sink.secondsWritten - 2) < 0.001, "every sample, once: \(sink.secondsWritten) s")
        #expect(events.started)
        #expect(events.all.last.map { $0.1 == .finished } == true)
    }

    /// A loop's passes, then on past its end from the very next sample: the piece that crossed the end
    /// was cut there, and what lay past the end is written when the passes are over (it was dropped: up
    /// to a piece, 490 ms, never heard).
    @Test func aLoopsPassesThenTheRestWithNothingLost() async throws {
        let file = try ToneFile.make(seconds: 4)
        defer { ToneFile.remove(file) }
        let output = MemoryOutput()
        let loop = try #require(LoopSection(start: 1, end: 2, passes: 2))
        let report = await PlaybackEngine(options: .init(loop: loop, output: output))
            .play(track: { $0 == 0 ? .init(id: "a", source: .file(file), duration: nil) : nil }, events: { _, _ in })
        #expect(report.failed.isEmpty)
        let sink = try #require(output.sinks.first)
        #expect(abs(sink.secondsWritten - 4) < 0.001, "two passes of 1 s, then 2 s to the end: \(sink.secondsWritten) s")
    }

    @Test func twoTracksOfOneFormatShareOneSinkGaplessly() async throws {
        let (first, second) = (try ToneFile.make(hertz: 500, seconds: 1.5), try ToneFile.make(hertz: 900, seconds: 1.5))
        defer { [first, second].forEach(ToneFile.remove) }
        let output = MemoryOutput()
        let files = [first, second]
        let asked = Locked<[Int: Int]>([:])
        let report = await Self.engine(output).play(track: { index in
            asked.withLock { $0[index, default: 0] += 1 }
            return index < 2 ? .init(id: "\(index)", source: .file(files[index]), duration: nil) : nil
        }, events: { _, _ in })
        #expect(report.played.map(\.index) == [0, 1])
        // A feed's lookup may wait for a page: each track is asked for once ahead (the prefetch) and once
        // when its turn comes (which also tells whether the queue ends), never again.
        #expect(asked.withLock { $0.values.allSatisfy { $0 <= 2 } }, "\(asked.withLock { $0 })")
        let sink = try #require(output.sinks.first)
        #expect(output.sinks.count == 1, "one stream for both: nothing between them")
        #expect(abs(sink.secondsWritten - 3) < 0.001, "\(sink.secondsWritten) s: no silence added")
    }

    /// A track the API says is short: the next is asked for as soon as this one is open, before any of its
    /// sound is written, so that the next one's round trips pass while this one plays. A track whose
    /// length is not known waits for its first piece, as a long one waits for its last seconds.
    @Test func aShortTracksNextIsAskedForBeforeItsFirstSound() async throws {
        let (first, second) = (try ToneFile.make(hertz: 500, seconds: 1.5), try ToneFile.make(hertz: 900, seconds: 1.5))
        defer { [first, second].forEach(ToneFile.remove) }
        let files = [first, second]
        for (duration, askedBeforeSound) in [(1.5, true), (nil, false)] as [(Double?, Bool)] {
            let output = MemoryOutput()
            let writtenWhenAsked = Locked<Double?>(nil)
            _ = await Self.engine(output).play(track: { index in
                if index == 1 { writtenWhenAsked.withLock { $0 = $0 ?? output.sinks.first.map(\.secondsWritten) ?? 0 } }
                return index < 2 ? .init(id: "\(index)", source: .file(files[index]), duration: duration) : nil
            }, events: { _, _ in })
            let written = try #require(writtenWhenAsked.withLock { $0 })
            #expect((written == 0) == askedBeforeSound, "length \(String(describing: duration)): \(written) s written when the next was asked for")
        }
    }

    @Test func aChangeOfFormatOpensAnotherSink() async throws {
        let (first, second) = (try ToneFile.make(seconds: 1, sampleRate: 44_100), try ToneFile.make(seconds: 1, sampleRate: 48_000))
        defer { [first, second].forEach(ToneFile.remove) }
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
        defer { ToneFile.remove(file) }
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

    /// An 8 s track playing into memory, its first sound reported.
    struct Started {
        let file: String
        let output: MemoryOutput
        let engine: PlaybackEngine
        let playing: Task<PlaybackEngine.Report, Never>

        init(speedup: Double) async throws {
            file = try ToneFile.make(seconds: 8)
            output = MemoryOutput(speedup: speedup)
            engine = EngineInMemoryTests.engine(output)
            let (engine, file, events) = (engine, file, Events())
            playing = Task {
                await engine.play(track: { $0 == 0 ? .init(id: "long", source: .file(file), duration: nil) : nil },
                                  events: { events.add($0.index, $1) })
            }
            try await EngineInMemoryTests.wait("the track to start") { events.started }
        }
    }

    /// A seek drops what is queued (a flush), goes on from the new point, and the track ends having
    /// written less than its length.
    @Test func aSeekFlushesAndGoesOnFromTheNewPoint() async throws {
        let started = try await Started(speedup: 4)
        defer { ToneFile.remove(started.file) }
        started.engine.send(.seek(by: 5))
        let report = await started.playing.value
        let sink = try #require(started.output.sinks.first)
        #expect(sink.records.contains { if case .flushed = $0 { true } else { false } }, "the queued sound was dropped")
        #expect(report.played.map(\.index) == [0])
        #expect(sink.secondsWritten < 6, "5 s skipped: \(sink.secondsWritten) s written")
    }

    /// Ctrl-C during a seek: the stop comes while the seek is being made, and the play still ends at once.
    @Test func aStopDuringASeekEndsThePlay() async throws {
        let started = try await Started(speedup: 1)
        defer { ToneFile.remove(started.file) }
        started.engine.send(.seek(by: 5))
        started.engine.stop()
        let report = await started.playing.value
        let sink = try #require(started.output.sinks.first)
        #expect(report.stopped)
        #expect(sink.secondsWritten < 3, "stopped long before the end of the file")
    }

    /// Polls `condition` for up to 5 s; a fault fails the test instead of hanging the suite.
    static func wait(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<5_000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("waited 5 s for \(what)")
        throw CancellationError()
    }
}
