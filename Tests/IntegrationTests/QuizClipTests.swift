import DemoCatalog
import Foundation
import Testing
import XenoCanto

extension PlaybackTests {
/// A question heard from where the bird sings, on the sound server's monitor: a recording opening with
/// 11 s of wind and a spoken announcement, its first second heard; and `--clip`'s end.
@Suite("quiz: the question starts where the bird sings")
struct QuizClip {
    /// The pack `field`: one Great Tit song (from 3 kHz, rising) after 11 s of wind and a voice, 30 s in all.
    static func makePack(in library: PlaybackTests.Packs.Library) async throws {
        let spec = AudioSpec(shape: .announcedSong(hertz: 3_000, lead: 11), sampleRate: 44_100, channels: 1, seconds: 30)
        let file = try await TestCatalog.audio.file(for: spec)
        var recording = try #require(DemoRecordings.builtIn.entry(id: "900001")).recording
        recording.length = "0:30"
        let folder = library.folder("field")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent("XC900001.mp3"))
        let object = String(decoding: try JSONEncoder().encode(recording), as: UTF8.self)
        try "{\"format\": \"chirper-pack 1\", \"name\": \"field\", \"source\": \"test\", \"recordings\": [\(object)]}"
            .write(to: folder.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
    }

    @Test func theFirstSecondHeardIsSongAndAClipEndsOnTime() async throws {
        let library = PlaybackTests.Packs.Library()
        try await Self.makePack(in: library)
        let environment = ChirperProcess.environment(extra: library.environment.merging(["TERM": "xterm-256color"]) { $1 })
        let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "quiz", "--pack", "field", "--count", "1", "--clip", "3"],
                                       environment: environment, width: 100, height: 30)
        // New to the listener: taught first, with its one recording (the same clip), which ends on its own.
        // The recorder starts once that sound has ended (the screen offers it again), so none of it is counted.
        _ = try await terminal.waitForScreen { $0.contains("New to you: ") && $0.contains("♪ ▶") }
        _ = try await terminal.waitForScreen(seconds: 60) { $0.contains("New to you: ") && $0.contains("↑ plays it again") }
        let recorder = try await MonitorRecorder()
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("question 1 of 1") && $0.contains("Which bird is it?") }
        // The question's clip plays 3 s and ends; the question waits for its answer.
        _ = try await terminal.waitForScreen { $0.contains("Which bird is it?") && $0.contains("♪ ▶") }
        _ = try await terminal.waitForScreen(seconds: 60) { $0.contains("Which bird is it?") && $0.contains("↑ plays it again") }
        try await Task.sleep(for: .seconds(1))
        try terminal.send("Escape")
        #expect(try await terminal.exitStatus(within: 10) == 0)
        let heard = HeardSound(samples: try await recorder.stop())
        let sound = try #require(heard.samples.firstIndex { abs(Int($0)) > 300 }, "something was heard")
        let firstSecond = HeardSound(samples: Array(heard.samples[sound..<min(heard.samples.count, sound + heard.rate)]))
        // The song's notes rise from 3 kHz; the voice lies below 1.5 kHz and the wind lower still.
        #expect(firstSecond.effectiveHertz > 2_000, "the first second heard is song: \(firstSecond.effectiveHertz) Hz")
        // Wind is heard the whole clip (the monitor of a null sink is silent to the bit otherwise): the sound
        // heard adds up to the clip's 3 s, then stops. Counted as the time sound was heard, not from its first
        // to its last block: a slow (sanitized) run's underrun puts silence inside the clip, not more clip.
        let block = heard.rate / 20
        let loud = stride(from: 0, to: heard.samples.count - block, by: block).filter { start in
            heard.samples[start..<(start + block)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(block) > 10 * 10
        }
        let sounding = Double(loud.count * block) / Double(heard.rate)
        #expect((2.6...3.4).contains(sounding), "heard for the clip's 3 s and no longer: \(sounding) s")
    }
}
}

extension HeardSound {
    /// The frequency of a sine with the same ratio of the power of its sample-to-sample change to its
    /// own power: near a note's pitch when the note is most of the power, far lower for wind or a voice.
    var effectiveHertz: Double {
        guard samples.count > 1 else { return 0 }
        var power = 0.0
        var change = 0.0
        for index in 1..<samples.count {
            let (a, b) = (Double(samples[index - 1]), Double(samples[index]))
            power += b * b
            change += (b - a) * (b - a)
        }
        guard power > 0 else { return 0 }
        return Double(rate) / (2 * .pi) * acos(max(-1, 1 - change / power / 2))
    }
}
