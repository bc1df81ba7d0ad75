import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// Slow down and loop, heard on the null sink's monitor: pitch and length of tones the tests make, the
/// loop's passes in a sweep, the keys in a terminal. Nested in PlaybackTests: each test has a null sink
/// of its own.
@Suite("listening tools: speed, tape, loop")
struct Listening {
    static func tone(hertz: Double, seconds: Double) async throws -> URL {
        try await TestCatalog.audio.file(for: AudioSpec(shape: .tone(hertz: hertz), sampleRate: 44_100, channels: 1, seconds: seconds))
    }

    /// Plays `arguments` and returns what the monitor heard.
    static func heard(_ arguments: [String], timeout: Double = 60) async throws -> (ChirperProcess.Result, HeardSound) {
        let recorder = try await MonitorRecorder()
        let result = try await ChirperProcess.run(arguments, timeout: timeout)
        return (result, HeardSound(samples: try await recorder.stop()))
    }

    /// `--speed` keeps the pitch (Rubber Band), `--tape` lets it follow: a 1 kHz, 4 s tone at half speed
    /// is 1 kHz for 8 s, on tape 500 Hz for 8 s, and at a quarter on tape 250 Hz for 16 s (± 3 %).
    @Test(arguments: [(["--speed", "0.5"], 1_000.0, 8.0), (["--speed", "0.5", "--tape"], 500, 8), (["--speed", "0.25", "--tape"], 250, 16)])
    func aToneSlowedDownIsHeardAtItsPitchForItsLength(options: [String], hertz: Double, seconds: Double) async throws {
        let file = try await Self.tone(hertz: 1_000, seconds: 4)
        let (result, heard) = try await Self.heard(["play", file.path] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(abs(heard.hertz - hertz) <= hertz * 0.03, "heard \(heard.hertz) Hz, wanted \(hertz)")
        #expect(abs(heard.audibleSeconds - seconds) <= seconds * 0.03, "heard \(heard.audibleSeconds) s, wanted \(seconds)")
        #expect(heard.longestSilence() <= 5, "no break in the sound: \(heard.longestSilence()) ms")
        let speed = options.contains("--tape") ? (options[1] == "0.5" ? "½× tape" : "¼× tape") : "½×"
        #expect(result.stdout.contains("playing (0:04) \(speed)"), "the status says the speed: \(result.stdout)")
    }

    /// A 1→3 kHz sweep over 6 s with `--loop 2-4 --loop-count 3`: the pitch rises from the 2 s pitch to
    /// the 4 s pitch three times, then on to the 6 s pitch, and the joins are not heard as silence.
    @Test func aLoopedPhraseIsHeardItsPassesThenPlaysOn() async throws {
        let file = try await TestCatalog.audio.file(for: AudioSpec(shape: .sweep(fromHertz: 1_000, toHertz: 3_000), sampleRate: 44_100, channels: 1, seconds: 6))
        let (result, heard) = try await Self.heard(["play", file.path, "--loop", "2-4", "--loop-count", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("⟲ 0:02.0–0:04.0"), "the status shows the loop: \(result.stdout)")
        // Seconds into the sweep of each 50 ms window, from its pitch.
        let window = MonitorRecorder.rate / 20
        let first = try #require(heard.samples.firstIndex { abs(Int($0)) > 1_500 })
        let last = try #require(heard.samples.lastIndex { abs(Int($0)) > 1_500 })
        var times: [Double] = []
        for start in stride(from: first, to: last - window, by: window) {
            let hertz = HeardSound(samples: Array(heard.samples[start..<(start + window)])).zeroCrossingHertz
            times.append((hertz - 1_000) * 6 / 2_000)
        }
        // Where the pitch falls back: the joins. The window at a join may hold both passes and read anywhere
        // between their pitches, so a join is a run of falling windows (each more than the sweep's jitter of
        // ±0.1 s below the last), taken from the window before the run to the lowest of the run and the next.
        var joins: [(from: Double, to: Double)] = []
        var index = 1
        while index < times.count {
            guard times[index] < times[index - 1] - 0.3 else { index += 1; continue }
            var end = index
            while end + 1 < times.count, times[end + 1] < times[end] - 0.3 { end += 1 }
            joins.append((from: times[index - 1], to: times[end...min(end + 1, times.count - 1)].min()!))
            index = end + 1
        }
        #expect(joins.count == 2, "two returns to the start: \(times.map { (($0 * 10).rounded() / 10) })")
        #expect(abs(times[0] - 2) < 0.15, "it starts at the loop's start: \(times[0]) s")
        for join in joins {
            #expect(abs(join.from - 4) < 0.15 && abs(join.to - 2.05) < 0.15, "from the 4 s pitch back to the 2 s pitch: \(join.from) → \(join.to)")
        }
        #expect(abs((times.last ?? 0) - 6) < 0.15, "then on to the end: \(times.last ?? 0)")
        #expect(abs(heard.audibleSeconds - 8) <= 0.24, "3 passes of 2 s, then 2 s: \(heard.audibleSeconds) s")
        #expect(heard.longestSilence() <= 5, "the joins: \(heard.longestSilence()) ms of silence")
    }

    /// A loop whose end lies past the recording's loops from its start to the recording's end.
    @Test func aLoopPastTheEndLoopsToTheEnd() async throws {
        let file = try await TestCatalog.audio.file(for: AudioSpec(shape: .sweep(fromHertz: 1_000, toHertz: 3_000), sampleRate: 44_100, channels: 1, seconds: 6))
        let (result, heard) = try await Self.heard(["play", file.path, "--loop", "4-10", "--loop-count", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        // Each pass starts where the decoder's seek lands: in an MP3, within about 1 % of the length of A.
        #expect(abs(heard.audibleSeconds - 4) <= 0.5, "two passes of 2 s to the end at 6 s: \(heard.audibleSeconds) s")
    }

    /// A loop over HTTP replays the bytes it kept: the recording is asked for once, whatever the passes.
    @Test func aLoopOverHTTPAsksForTheRecordingOnce() async throws {
        let entry = try #require(DemoRecordings.builtIn.entry(id: "900004"))  // a 6 s tone
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: entry.audio!)
            let result = try await ChirperProcess.run(["play", entry.recording.id, "--loop", "1-3", "--loop-count", "3", "--no-cache"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let files = server.faults.requests.filter { $0.path.hasSuffix(".mp3") }
            #expect(files.count == 1 && files.allSatisfy { $0.range == nil }, "one request, no Range: \(files.map { ($0.path, $0.range ?? "") })")
        }
    }

    /// Two tracks in the same format at half speed, pitch kept: each at its pitch for twice its length,
    /// one straight after the other.
    @Test func aQueueAtHalfSpeedStaysGapless() async throws {
        try await TestCatalog.withServer(catalog: .benchmark) { server in
            for id in DemoRecordings.Benchmark.gapPair { _ = try await server.audio.file(for: DemoRecordings.benchmark.entry(id: id)!.audio!) }
            let (result, heard) = try await Self.heard(["queue", "gen:Lacuna", "--gap", "0", "--speed", "0.5"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let runs = heard.pitchRuns()
            #expect(runs.count == 2, "\(runs)")
            for (run, hertz) in zip(runs, [2_000.0, 2_500]) {
                #expect(abs(run.hertz - hertz) <= 10 && abs(run.seconds - 8) <= 0.3, "\(runs)")
            }
            #expect(heard.longestSilence() <= 20, "the join: \(heard.longestSilence()) ms of silence")
        }
    }

    /// The keys in a terminal: } and { double and halve, t toggles tape, Backspace goes back to 1×, l
    /// marks a loop; what is heard and what the status line says follow.
    @Test func speedAndLoopKeysChangeWhatIsHeardAndShown() async throws {
        let file = try await Self.tone(hertz: 1_000, seconds: 30)
        let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "play", file.path],
                                       environment: ChirperProcess.environment(extra: ["TERM": "xterm-256color"]))
        try await terminal.waitForScreen { $0.contains("▶ 0:01 / 0:30") }

        try terminal.send("{")
        try await terminal.waitForScreen { $0.contains("½×") }
        var recorder = try await MonitorRecorder()
        try await Task.sleep(for: .seconds(1.5))
        var heard = HeardSound(samples: try await recorder.stop())
        #expect(abs(heard.hertz - 1_000) <= 30, "half speed keeps the pitch: \(heard.hertz) Hz")

        try terminal.send("t")
        try await terminal.waitForScreen { $0.contains("½× tape") }
        recorder = try await MonitorRecorder()
        try await Task.sleep(for: .seconds(1.5))
        heard = HeardSound(samples: try await recorder.stop())
        #expect(abs(heard.hertz - 500) <= 15, "on tape the pitch follows: \(heard.hertz) Hz")

        try terminal.send("]")
        try await terminal.waitForScreen { $0.contains("0.55× tape") }
        try terminal.send("BSpace")
        try await terminal.waitForScreen { !$0.contains("×") && $0.contains("▶") }

        try terminal.send("l")
        try await terminal.waitForScreen { $0.range(of: #"⟲ 0:\d\d\.\d–(?!0)"#, options: .regularExpression) != nil }
        try await Task.sleep(for: .seconds(1.2))
        try terminal.send("l")
        let looping = try await terminal.waitForScreen { $0.range(of: #"⟲ 0:\d\d\.\d–0:\d\d\.\d"#, options: .regularExpression) != nil }
        let start = Self.elapsed(looping)
        try await Task.sleep(for: .seconds(3))
        #expect(abs(Self.elapsed(try terminal.screen()) - start) <= 2, "the clock stays inside the loop")

        try terminal.send("l")
        try await terminal.waitForScreen { !$0.contains("⟲") && $0.contains("▶") }
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 5) == 0)
    }

    static func elapsed(_ screen: String) -> Int { Keys.elapsed(screen) }
}
}

extension HeardSound {
    /// The pitch of all the samples by their sign changes (a short window of a sweep).
    var zeroCrossingHertz: Double {
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(crossings) / 2 / (Double(samples.count) / Double(rate))
    }
}
