import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// A connection that drops mid-file: reopened with a Range request from the byte reached, the sound
/// goes on; a drop that never clears ends as a failure with its reason, after a bounded number of tries.
@Suite("resume after a dropped connection")
struct Resume {
    /// XC900025: a 12 s tone at 3074 Hz.
    static let id = "900025"

    /// Plays `id` with `fault` on its file while the monitor is recorded: what the command said, and what
    /// was heard.
    static func play(_ id: String = Self.id, with fault: DemoFaults.AudioFault, on server: DemoServer) async throws
        -> (result: ChirperProcess.Result, heard: HeardSound) {
        server.faults.audio(id, fault)
        let recorder = try await MonitorRecorder()
        let result = try await ChirperProcess.run(["play", id] + server.api, timeout: 60)
        return (result, HeardSound(samples: try await recorder.stop()))
    }

    @Test func aResetAt30PercentResumesFromTheByteReachedAndTheToneGoesOn() async throws {
        let audio = try #require(DemoRecordings.builtIn.entry(id: Self.id)?.audio)
        try await TestCatalog.withServer { server in
            let file = try await server.audio.file(for: audio)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            let (result, heard) = try await Self.play(with: .resetAt(fraction: 0.3, times: 1), on: server)
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.components(separatedBy: "\nbuffering\n").count == 3, "buffering again while it reconnects: \(result.stdout)")
            #expect(result.stdout.hasSuffix("playing (0:12)\nended\n"), "then playing again: \(result.stdout)")
            let ranges = server.faults.requests.filter { $0.path.hasSuffix(".mp3") }.compactMap(\.range)
            let from = ranges.first.flatMap { Int($0.dropFirst("bytes=".count).prefix { $0 != "-" }) } ?? 0
            // From the byte reached: what had arrived before the drop (bytes in flight at the drop are lost).
            #expect(ranges.count == 1 && from > 0 && from <= Int(Double(size) * 0.3), "one Range request, from the byte reached: \(ranges) of \(size)")
            #expect(abs(heard.hertz - audio.hertz!) <= 5, "heard \(heard.hertz) Hz")
            #expect(heard.audibleSeconds > 11, "the tone resumed and played to its end: \(heard.audibleSeconds) s")
            print("resume after a reset at 30 %: longest silence \(heard.longestSilence()) ms, \(heard.audibleSeconds) s heard of 12")
        }
    }

    /// 503 twice on the file, then the file: asked again after a wait, and heard whole.
    @Test func aBusyFileServerIsAskedAgainAndTheRecordingPlays() async throws {
        let audio = try #require(DemoRecordings.builtIn.entry(id: Self.id)?.audio)
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: audio)
            let (result, heard) = try await Self.play(with: .status(503, times: 2), on: server)
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
            let asked = server.faults.requests.filter { $0.path.hasSuffix(".mp3") }.map(\.at)
            #expect(asked.count == 3, "two 503s, then the file")
            #expect(zip(asked, asked.dropFirst()).allSatisfy { $1 - $0 >= .milliseconds(450) }, "tries spaced out: \(asked)")
            #expect(heard.audibleSeconds > 11, "played to its end: \(heard.audibleSeconds) s")
            #expect(abs(heard.hertz - audio.hertz!) <= 5)
        }
    }

    /// 1 KB/s, an eighth of the rate the file plays at: the status line says buffering whenever the sound
    /// server has run dry, the sound comes in pieces of most of a second (not in bits of 40 ms), the
    /// recording is heard whole, and the play ends, never stuck.
    @Test func aTrickleOfBytesIsHeardWholeInTheEnd() async throws {
        // XC900001: 2 s at 3000 Hz, 16.5 kB: about 16 s at 1 KB/s.
        let id = "900001"
        let audio = try #require(DemoRecordings.builtIn.entry(id: id)?.audio)
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: audio)
            let started = ContinuousClock.now
            let (result, heard) = try await Self.play(id, with: .slow(bytesPerSecond: 1_000), on: server)
            let took = ContinuousClock.now - started
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.hasSuffix("playing (0:02)\nended\n"), "\(result.stdout)")
            #expect(took >= .seconds(12), "the bytes did trickle: \(took)")
            #expect(heard.audibleSeconds > 1.8, "heard whole: \(heard.audibleSeconds) s")
            let lines = result.stdout.split(separator: "\n")
            let afterPlaying = lines.drop { !$0.hasPrefix("playing") }
            #expect(afterPlaying.contains("buffering"), "buffering again when the sound ran dry: \(result.stdout)")
            // Refilled before playing again: pieces of most of a second, a handful of them.
            #expect(heard.longestSound >= 0.5, "longest piece \(heard.longestSound) s")
            #expect(heard.soundStarts <= 6, "\(heard.soundStarts) pieces")
            print("trickle: \(heard.soundStarts) pieces, longest \(heard.longestSound) s, longest silence \(heard.longestSilence()) ms; \(lines)")
        }
    }

    /// A server that announces more bytes than the file has, for good: the sound is heard, then the
    /// reconnections find nothing more and the play fails with the reason, in bounded time; the cache
    /// keeps nothing.
    @Test func aLengthThatLiesEndsAsAFailureWithTheReason() async throws {
        let audio = try #require(DemoRecordings.builtIn.entry(id: Self.id)?.audio)
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: audio)
            server.faults.audio(Self.id, .longerLength(by: 5_000))
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-cache-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await ChirperProcess.run(["play", Self.id] + server.api, environment: ["CHIRPER_CACHE": cache.path], timeout: 40)
            #expect(!result.timedOut)
            #expect(result.status == 5, "\(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("the connection closed before the length the server announced"), "\(result.stderr)")
            #expect(result.stderr.contains("3 reconnections failed"), "\(result.stderr)")
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
            #expect(kept.filter { $0.hasSuffix(".mp3") }.isEmpty, "no file that looks whole: \(kept)")
        }
    }

    @Test func aStallLongerThanTheBufferShowsBufferingThenPlaysOn() async throws {
        let audio = try #require(DemoRecordings.builtIn.entry(id: Self.id)?.audio)
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: audio)
            // The server sends the first 10 % (1.2 s of sound) at once, then nothing for 4 s: up to 2.8 s
            // of silence once the player has played what came (less when the sink was slow to start).
            let (result, heard) = try await Self.play(with: .stall(atFraction: 0.1, seconds: 4), on: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.components(separatedBy: "\nbuffering\n").count == 3, "buffering during the stall: \(result.stdout)")
            #expect(result.stdout.hasSuffix("playing (0:12)\nended\n"), "then playing again: \(result.stdout)")
            let silence = heard.longestSilence()
            #expect((500...4_000).contains(silence), "the stall is heard as a silence: \(silence) ms")
            #expect(abs(heard.hertz - audio.hertz!) <= 5)
            #expect(server.faults.requests.filter { $0.path.hasSuffix(".mp3") }.compactMap(\.range).isEmpty, "a stall is waited out, not reconnected")
        }
    }

    @Test func aDropThatNeverClearsFailsAfterItsTriesWithTheReason() async throws {
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: DemoRecordings.builtIn.entry(id: Self.id)!.audio!)
            server.faults.audio(Self.id, .closeMidFile(fraction: 0.3))
            let result = try await ChirperProcess.run(["play", Self.id] + server.api, timeout: 40)
            #expect(!result.timedOut, "never a hang")
            #expect(result.status == 5)
            #expect(result.stderr.contains("network:") && result.stderr.contains("3 reconnections failed"), "\(result.stderr)")
            // Each try that brings bytes starts the count again; three tries that bring none end it.
            let ranges = server.faults.requests.filter { $0.path.hasSuffix(".mp3") }.compactMap(\.range)
            #expect(ranges.count >= 3 && ranges.count <= 4 && Set(ranges.suffix(3)).count == 1, "three tries at the same byte: \(ranges)")
        }
    }
}
}

extension PlaybackTests {
/// xeno-canto also serves WAV uploads: 16-bit PCM plays; other depths are refused by name.
@Suite("WAV files")
struct WAV {
    @Test func a16BitWAVPlaysAtItsPitchForItsLength() async throws {
        let audio = try #require(DemoRecordings.builtIn.entry(id: "900001")?.audio)  // 2 s, 3000 Hz, 44.1 kHz mono
        try await TestCatalog.withServer { server in
            server.faults.audio("900001", .wav())
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["play", "900001"] + server.api)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("playing (0:02)"), "\(result.stdout)")
            #expect(abs(heard.hertz - audio.hertz!) <= 5, "heard \(heard.hertz) Hz")
            #expect(abs(heard.audibleSeconds - 2) <= 0.3, "heard \(heard.audibleSeconds) s")
        }
    }

    @Test func a24BitWAVIsRefusedWithWhatIsSupported() async throws {
        try await TestCatalog.withServer { server in
            server.faults.audio("900001", .wav(bits: 24))
            let result = try await ChirperProcess.run(["play", "900001"] + server.api)
            #expect(result.status == 5)
            #expect(result.stderr.contains("a WAV file in 24-bit PCM: Chirper plays MP3 and 16-bit PCM WAV"), "\(result.stderr)")
        }
    }
}
}
