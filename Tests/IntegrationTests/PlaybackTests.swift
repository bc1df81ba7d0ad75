import ChirperHTTP
import Audio
import ChirperCore
import DemoCatalog
import Foundation
import Glibc
import PlaybackModel
import Locking
import Testing
import XenoCanto
import XenoCantoHTTP

/// Playback through the real PulseAudio daemon that `make test` starts, verified by recording the
/// monitor of a null sink each test has to itself (so they run side by side).
@Suite("Playing through PulseAudio", .ownSink)
struct PlaybackTests {
    static func mp3(_ spec: AudioSpec) async throws -> URL {
        try await TestCatalog.audio.file(for: spec)
    }

    @Test func a440HzToneIsHeardAt440HzForItsLength() async throws {
        let file = try await Self.mp3(AudioSpec(shape: .tone(hertz: 440), sampleRate: 44_100, channels: 1, seconds: 3))
        let recorder = try await MonitorRecorder()
        let result = try await ChirperProcess.run(["play", file.path])
        let heard = HeardSound(samples: try await recorder.stop())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(abs(heard.hertz - 440) <= 5, "heard \(heard.hertz) Hz")
        #expect(abs(heard.audibleSeconds - 3) <= 0.3, "heard \(heard.audibleSeconds) s")
        #expect(result.stdout.contains("playing (0:03)"))
    }

    /// Rubber Band, FFTW and libpng are opened when `--speed` or a sonogram first needs them: a play at
    /// 1× loads none of them (the loader's own list, `LD_DEBUG=files`), and a pitch-kept speed loads
    /// Rubber Band then, and plays. libpulse is opened by the play (it connects to the sound server),
    /// never by a command that makes no sound.
    @Test func aPlayLoadsTheStretcherAndSonogramLibrariesOnlyWhenItNeedsThem() async throws {
        let file = try await Self.mp3(AudioSpec(shape: .tone(hertz: 440), sampleRate: 44_100, channels: 1, seconds: 1))
        let silent = try await ChirperProcess.run(["decode", file.path], environment: ["LD_DEBUG": "files"])
        #expect(silent.status == 0, "\(silent.stderr.suffix(300))")
        #expect(silent.stderr.contains("libmpg123.so.0"), "the loader's list: \(silent.stderr.prefix(300))")
        #expect(!silent.stderr.contains("libpulse"), "libpulse was loaded by a command that makes no sound")
        let plain = try await ChirperProcess.run(["play", file.path], environment: ["LD_DEBUG": "files"])
        #expect(plain.status == 0, "\(plain.stderr.suffix(300))")
        #expect(plain.stderr.contains("libpulse.so.0"), "the loader's list: \(plain.stderr.prefix(300))")
        for library in ["librubberband", "libfftw3f", "libpng16"] {
            #expect(!plain.stderr.contains(library), "\(library) was loaded by a play at 1×")
        }
        let slow = try await ChirperProcess.run(["play", "--speed", "0.5", file.path], environment: ["LD_DEBUG": "files"])
        #expect(slow.status == 0, "\(slow.stderr.suffix(300))")
        #expect(slow.stderr.contains("librubberband.so.2"))
        #expect(slow.stdout.contains("playing (0:01)"), "\(slow.stdout)")
    }

    /// Catalog recordings with a steady tone at each rate, mono and stereo, played by XC number over HTTP
    /// (the API lookup, then the file URL's 302 redirect).
    @Test(arguments: [(22_050, 1), (24_000, 2), (48_000, 1), (48_000, 2), (32_000, 1), (44_100, 2)])
    func catalogRecordingsPlayAtTheirPitch(rate: Int, channels: Int) async throws {
        let entry = try #require(DemoRecordings.builtIn.entries.first {
            guard let audio = $0.audio, case .tone = audio.shape else { return false }
            return audio.sampleRate == rate && audio.channels == channels && audio.seconds <= 12
        }, "a \(rate) Hz \(channels)-channel tone in the catalog")
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: entry.audio!)  // encode before timing starts
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["play", entry.recording.id] + server.api)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("XC\(entry.recording.id) · \(entry.recording.englishName!)"))
            #expect(abs(heard.hertz - entry.audio!.hertz!) <= 5, "heard \(heard.hertz) Hz, wanted \(entry.audio!.hertz!)")
            #expect(abs(heard.audibleSeconds - entry.audio!.seconds) <= entry.audio!.seconds * 0.1 + 0.1)
            #expect(server.faults.requests.contains { $0.path.hasSuffix("/download") }, "the file URL redirected")
        }
    }

    @Test func htmlServedAsMP3Fails() async throws {
        try await expectFailure(.html, message: "not an MP3 stream")
    }

    @Test func aZeroByteFileFails() async throws {
        try await expectFailure(.empty, message: "not an MP3 stream (the file is empty)")
    }

    @Test func http404Fails() async throws {
        try await expectFailure(.notFound, message: "the audio URL answered HTTP 404")
    }

    @Test func anMP3CutInHalfPlaysWhatThereIsThenSaysSo() async throws {
        let heard = try await expectFailure(.truncated(fraction: 0.5), message: "the file ended early")
        #expect(heard.audibleSeconds > 1, "the first half was heard")
    }

    @Test func aConnectionClosedMidFilePlaysWhatCameThenFails() async throws {
        let heard = try await expectFailure(.closeMidFile(fraction: 0.5), message: "network:")
        #expect(heard.audibleSeconds > 1)
    }

    @Test func noPulseAudioSaysSoAndHowToStartIt() async throws {
        let file = try await Self.mp3(AudioSpec(shape: .tone(hertz: 440), sampleRate: 44_100, channels: 1, seconds: 3))
        let result = try await ChirperProcess.run(["play", file.path], environment: ["PULSE_SERVER": "unix:/nonexistent/native"])
        #expect(result.status == 5)
        #expect(result.stderr.contains("PulseAudio is not running"))
        #expect(result.stderr.contains("pulseaudio --start"))
    }

    /// A sound server of the test's own, killed while it plays: the play ends as a failure that says so,
    /// at once, never a hang.
    @Test func theSoundServerGoingAwayMidPlayIsAFailureNotAHang() async throws {
        try await Sanitizer.waitOutStartBurst()
        let file = try await Self.mp3(AudioSpec(shape: .tone(hertz: 660), sampleRate: 44_100, channels: 1, seconds: 60))
        let server = try DoomedSoundServer()
        defer { server.remove() }
        let playing = Task { try await ChirperProcess.run(["play", file.path], environment: server.environment, timeout: 60) }
        try await server.waitForAPlayer()
        try await Task.sleep(for: .seconds(1))
        let killedAt = server.kill()
        let result = try await playing.value
        #expect(!result.timedOut)
        // A bound on a hang, not a speed check: the file had more than 55 s left, and a loaded machine (or
        // a sanitized build's leak check at exit) takes seconds of its own to end a process.
        #expect(ContinuousClock.now - killedAt < .seconds(30), "the failure comes when the server goes, not at the end of the file")
        #expect(result.status == 5)
        #expect(result.stderr.contains("the PulseAudio server went away"), "\(result.stderr)")
    }

    /// The same for a queue: the track that was playing fails with the reason, the queue stops there and
    /// says what was played.
    @Test func theSoundServerGoingAwayStopsTheQueueCleanly() async throws {
        try await Sanitizer.waitOutStartBurst()
        try await TestCatalog.withServer { catalog in
            let server = try DoomedSoundServer()
            defer { server.remove() }
            let queue = Task {
                try await ChirperProcess.run(["queue", "gen:parus", "--limit", "3"] + catalog.api, environment: server.environment, timeout: 60)
            }
            try await server.waitForAPlayer()
            try await Task.sleep(for: .seconds(3))  // into the second track, a 7 s one
            let killedAt = server.kill()
            let result = try await queue.value
            #expect(!result.timedOut)
            // A bound, not a speed check: a queue that went on would play the rest of the 7 s track and the
            // 12 s one after it; a loaded machine takes seconds of its own to end a process.
            #expect(ContinuousClock.now - killedAt < .seconds(12), "the queue stops when the server goes, not after its tracks")
            #expect(result.status == 5, "\(result.stdout)\n\(result.stderr)")
            #expect((result.stdout + result.stderr).contains("the PulseAudio server went away"), "\(result.stdout)\n\(result.stderr)")
            #expect(result.stdout.contains("Played"), "the summary is printed: \(result.stdout)")
        }
    }

    @Test func aRestrictedRecordingSaysSoAndItsFileIsNeverFetched() async throws {
        try await TestCatalog.withServer { server in
            let restricted = try #require(DemoRecordings.builtIn.entries.first { $0.audio == nil })
            let result = try await ChirperProcess.run(["play", restricted.recording.id] + server.api)
            #expect(result.status == 5)
            #expect(result.stderr.contains("restricted species"))
            // Its /download is asked for beside the lookup (the server refuses it); the file never is.
            #expect(!server.faults.requests.contains { $0.path.contains("/sounds/") })
        }
    }

    /// `play N` asks for the file its lookup will name (`/N/download`) beside the lookup, not after it:
    /// here the lookup's answer waits a second and a half, and the file's request comes meanwhile, once.
    @Test func playByNumberAsksForTheFileBesideTheLookup() async throws {
        try await TestCatalog.withServer { server in
            server.faults.next(.delay(.milliseconds(1500)))
            let result = try await ChirperProcess.run(["play", "900001", "--volume", "0"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let lookup = try #require(server.faults.apiRequests.first)
            let downloads = server.faults.requests.filter { $0.path.hasSuffix("/900001/download") }
            #expect(downloads.count == 1)
            #expect(try #require(downloads.first).at < lookup.at + .milliseconds(1000), "asked while the lookup was on its way")
        }
    }

    /// The row's states during a real play, through the reducer: idle → buffering → playing → idle.
    @Test func rowStatesFollowThePlayersEvents() async throws {
        try await TestCatalog.withServer { server in
            let client = XenoCantoClient(settings: APISettings(baseURL: server.apiURL, key: "demo"), pacer: RequestPacer())
            let query = SearchQuery("nr:900001")
            var state = ListState.idle
            state.reduce(.searchStarted(query, page: 1))
            state.reduce(.pageLoaded(query, try await client.search(query, page: 1, perPage: 50)))
            let row = try #require(state.listing?.rows.first)
            let player = PlaybackEngine(options: .init(device: OwnSink.current))
            let shared = Locked((state: state, kinds: [String]()))
            /// Plays the row, feeding every event through the reducer; returns the row's states, repeats folded.
            func playRow() async -> (PlaybackEngine.Outcome, [String]) {
                shared.withLock { $0.kinds = [Self.kind($0.state.listing!.rows[0].playback)] }
                let outcome = await player.play(.url(row.recording.audioURL!), duration: row.recording.duration) { event in
                    shared.withLock { shared in
                        shared.state.reduce(.playback(recordingID: row.id, event))
                        let kind = Self.kind(shared.state.listing!.rows[0].playback)
                        if kind != shared.kinds.last { shared.kinds.append(kind) }
                    }
                }
                return (outcome, shared.withLock { $0.kinds })
            }
            let (outcome, kinds) = await playRow()
            #expect(outcome == .finished)
            #expect(kinds == ["idle", "buffering", "playing", "idle"])

            server.faults.audio(row.id, .html)
            let (failure, failedKinds) = await playRow()
            #expect(failure == .failed(.notAnMP3(detail: "no MPEG audio frame in 60 bytes")))
            #expect(failedKinds == ["idle", "buffering", "failed"])
        }
    }

    /// Pause is a cork the listener can see: `.paused` is reported, the clock stops and no sound comes out;
    /// resume reports `.resumed` and the clock moves again; stop ends the play as `.stopped` at once.
    @Test func pauseResumeAndStopAreReportedAndHeard() async throws {
        let file = try await Self.mp3(AudioSpec(shape: .tone(hertz: 660), sampleRate: 44_100, channels: 1, seconds: 60))
        let player = PlaybackEngine(options: .init(device: OwnSink.current))
        let log = EventLog()
        let playing = Task { await player.play(.file(file.path)) { log.append($0) } }
        func lastElapsed() -> Double {
            log.all.reversed().lazy.compactMap { if case .position(let elapsed, _) = $0 { elapsed } else { nil } }.first ?? 0
        }
        while lastElapsed() < 1 { try await Task.sleep(for: .milliseconds(50)) }

        #expect(await player.setPaused(true))
        #expect(log.all.last == .paused)
        try await Task.sleep(for: .milliseconds(300))  // what was already written drains
        let pausedAt = lastElapsed()
        let recorder = try await MonitorRecorder()
        try await Task.sleep(for: .seconds(1.5))
        let heardWhilePaused = HeardSound(samples: try await recorder.stop())
        #expect(heardWhilePaused.audibleSeconds == 0, "silence while paused")
        #expect(lastElapsed() - pausedAt < 0.2, "the clock stands still while paused")

        #expect(await player.setPaused(false))
        #expect(log.all.contains(.resumed))
        // An idle null sink starts a stream again up to ~1.8 s late (PLATFORM.md), later still in a
        // sanitized process on busy cores: waited for until the clock moves, within 15 s.
        let movingBy = ContinuousClock.now + .seconds(15)
        while lastElapsed() <= pausedAt + 0.5, ContinuousClock.now < movingBy { try await Task.sleep(for: .milliseconds(50)) }
        #expect(lastElapsed() > pausedAt + 0.5, "the clock moves again")

        let stopAsked = ContinuousClock.now
        player.stop()
        #expect(await playing.value == .stopped)
        #expect(ContinuousClock.now - stopAsked < .seconds(2), "stop does not wait for the end")
    }

    @Test func aTenMinuteFileStreamsWithFlatMemory() async throws {
        let entry = try #require(DemoRecordings.builtIn.entries.first { ($0.audio?.seconds ?? 0) >= 600 })
        try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: entry.audio!)
            let process = Process()
            process.executableURL = ChirperProcess.binary
            process.arguments = ["play", entry.recording.id] + server.api
            process.environment = ChirperProcess.environment(extra: [:])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Measured from when it plays, not from a fixed time: a start slowed by a busy machine (four
            // sound tests at once in CI) is not the download growing.
            let started = ContinuousClock.now
            var printed = Data()
            while !String(decoding: printed, as: UTF8.self).contains("playing"), ContinuousClock.now - started < .seconds(30) {
                printed += output.fileHandleForReading.availableData
            }
            try await Task.sleep(for: .seconds(1))
            let maps = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)) ?? ""
            #expect(!maps.isEmpty && !maps.contains("libsqlite3"), "a play loads no SQLite: the library is opened by what uses it")
            let early = Self.residentKilobytes(process.processIdentifier)
            try await Task.sleep(for: .seconds(4))
            let later = Self.residentKilobytes(process.processIdentifier)
            #expect(process.isRunning, "still playing 5 s after it began")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(early > 0 && later > 0)
            #expect(later - early < 4_000, "RSS \(early) kB 1 s after it played, \(later) kB 4 s later: it must not grow with the download")
            print("ten-minute file: RSS \(early) kB 1 s after it played, \(later) kB 4 s later")
        }
    }

    static func residentKilobytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func kind(_ state: PlaybackState) -> String {
        switch state {
        case .idle: return "idle"
        case .buffering: return "buffering"
        case .playing, .paused: return "playing"
        case .failed: return "failed"
        }
    }

    @discardableResult
    func expectFailure(_ fault: DemoFaults.AudioFault, message: String) async throws -> HeardSound {
        let entry = try #require(DemoRecordings.builtIn.entries.first { ($0.audio?.seconds ?? 0) >= 6 && $0.audio?.seconds ?? 0 < 20 })
        return try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: entry.audio!)
            server.faults.audio(entry.recording.id, fault)
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["play", entry.recording.id] + server.api, timeout: 40)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(!result.timedOut, "never a hang")
            #expect(result.status == 5, "\(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            return heard
        }
    }
}

/// Events as a player reported them, from whichever task.
final class EventLog: Sendable {
    private let events = Locked([PlaybackEvent]())
    func append(_ event: PlaybackEvent) { events.withLock { $0.append(event) } }
    var all: [PlaybackEvent] { events.withLock { $0 } }
}

/// A PulseAudio daemon of one test's own (a null sink), to be killed while something plays to it.
struct DoomedSoundServer {
    let runtime: URL
    let pid: Int32

    init() throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-pa-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_RUNTIME_PATH"] = runtime.path
        environment["PULSE_SERVER"] = nil
        // Off the session bus, where PipeWire's server (the PipeWire pass) holds PulseAudio's name, and
        // out of its runtime folder.
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = runtime.path
        try Spawn.run("/usr/bin/pulseaudio", ["--daemonize=yes", "--exit-idle-time=-1", "-n", "--use-pid-file=yes",
                                              "--load=module-null-sink sink_name=doomed", "--load=module-native-protocol-unix"],
                      environment: environment, output: false)
        pid = try #require(Int32(String(contentsOf: runtime.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    var environment: [String: String] { ["PULSE_SERVER": "unix:" + runtime.appendingPathComponent("native").path] }

    /// Returns once a stream plays into the server (its sink inputs, as `pactl` lists them), so a kill
    /// lands mid-play however slowly a loaded machine starts the player.
    func waitForAPlayer(within limit: Duration = .seconds(45)) async throws {
        let deadline = ContinuousClock.now + limit
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        while ContinuousClock.now < deadline {
            let listed = try await Spawn.run("/usr/bin/pactl", ["list", "short", "sink-inputs"], environment: env)
            if listed.status == 0, !listed.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("nothing played into the doomed sound server within \(limit)")
    }

    /// SIGKILL: the daemon has no chance to say goodbye. Returns when.
    func kill() -> ContinuousClock.Instant {
        Glibc.kill(pid, SIGKILL)
        return ContinuousClock.now
    }

    func remove() {
        Glibc.kill(pid, SIGKILL)
        try? FileManager.default.removeItem(at: runtime)
    }
}
