@testable import Audio
import ChirperCore
import Foundation
import PlaybackModel
import Testing

/// Speed, loop and the clock that follows them: the pure parts, in milliseconds.
@Suite("Listening tools: speed, loop, clock")
struct ListeningToolsTests {
    @Test func speedKeysStepAsMpvDoesAndStayInRange() {
        let half = PlaybackSpeed(rate: 0.5)
        #expect(half.applying(.faster).rate == 0.55)
        #expect(half.applying(.slower).rate == 0.45)
        #expect(half.applying(.halve).rate == 0.25)
        #expect(half.applying(.double).rate == 1)
        #expect(half.applying(.reset) == .normal)
        #expect(half.applying(.toggleTape) == PlaybackSpeed(rate: 0.5, tape: true))
        #expect(PlaybackSpeed(rate: 0.1).applying(.halve).rate == 0.1, "no slower than a tenth")
        #expect(PlaybackSpeed(rate: 2).applying(.faster).rate == 2, "no faster than double")
        #expect(PlaybackSpeed(rate: 0.5, tape: true).applying(.reset) == PlaybackSpeed(rate: 1, tape: true), "Backspace keeps the mode")
    }

    @Test func speedLabels() {
        #expect(PlaybackSpeed(rate: 0.5).description == "½×")
        #expect(PlaybackSpeed(rate: 0.25, tape: true).description == "¼× tape")
        #expect(PlaybackSpeed(rate: 0.1, tape: true).description == "0.1× tape")
        #expect(PlaybackSpeed(rate: 1.5).description == "1.5×")
        #expect(PlaybackSpeed(rate: 2).description == "2×")
        #expect(PlaybackSpeed.normal.description == "")
    }

    @Test func loopSectionsParseSecondsAndClockTimes() {
        #expect(LoopSection(parsing: "1.5-3.2") == LoopSection(start: 1.5, end: 3.2))
        #expect(LoopSection(parsing: "0:01.5-0:03.2") == LoopSection(start: 1.5, end: 3.2))
        #expect(LoopSection(parsing: "1:02-1:04.5", passes: 3) == LoopSection(start: 62, end: 64.5, passes: 3))
        for bad in ["3-1", "2-2", "2-2.05", "a-b", "1.5", "-1-2", "1-2-3", "0:75-1:00", "", "inf-2", "1-nan"] {
            #expect(LoopSection(parsing: bad) == nil, "\(bad)")
        }
        #expect(LoopSection(start: 1, end: 2, passes: 0) == nil)
        #expect(LoopSection(start: 1.5, end: 3.2)!.description == "⟲ 0:01.5–0:03.2")
        #expect(LoopSection(start: 61.25, end: 64)!.description == "⟲ 1:01.3–1:04.0")
    }

    @Test func theLoopKeyMarksTheStartThenTheEndThenClears() {
        var marks = LoopMarks.none
        marks = marks.marking(at: 1.5)
        #expect(marks == .started(at: 1.5))
        #expect(marks.description == "⟲ 0:01.5–")
        marks = marks.marking(at: 3.2)
        #expect(marks == .looping(LoopSection(start: 1.5, end: 3.2)!))
        marks = marks.marking(at: 2)
        #expect(marks == .none)
        #expect(LoopMarks.started(at: 4).marking(at: 2) == .started(at: 2), "an end before the start is a new start")
    }

    @Test func settingsShowSpeedThenLoop() {
        let settings = ListeningSettings(speed: PlaybackSpeed(rate: 0.5), loop: .looping(LoopSection(start: 1.5, end: 3.2)!))
        #expect(settings.description == "½× ⟲ 0:01.5–0:03.2")
        let line = PlaybackLine.render(.playing(PlaybackPosition(elapsed: 2, duration: 21)), settings: settings, width: 80)
        #expect(line.hasPrefix("▶ 0:02 / 0:21 ━"))
        #expect(line.hasSuffix(" ½× ⟲ 0:01.5–0:03.2"), "\(line)")
        #expect(PlaybackLine.render(.paused(PlaybackPosition(elapsed: 2, duration: 21)), settings: settings, width: 80).hasSuffix("⟲ 0:01.5–0:03.2  (paused)"))
    }

    @Test func theClockRunsAtTheSpeed() {
        let clock = PlaybackClock(stream: 10, recording: 0, rate: 0.5)
        #expect(clock.position(at: 9) == 0, "before its sound is heard: the start")
        #expect(clock.position(at: 12) == 1)
        #expect(clock.heard(at: 14) == 2)
    }

    @Test func aLoopsJoinIsHeardWhenTheStreamGetsThere() {
        // A loop 2-4 at double speed, from stream time 0: B is written at stream time 1 and heard then.
        var clock = PlaybackClock(stream: 0, recording: 2, rate: 2)
        clock.jump(to: 2, at: 1, played: 0.1)
        #expect(clock.position(at: 0.5) == 3, "still the first pass")
        #expect(clock.position(at: 1.25) == 2.5, "the second pass")
        #expect(clock.heard(at: 1.25) == 2.5, "two seconds of the first pass, half a second of the second")
        clock.jump(to: 2, at: 2, played: 0.9)
        #expect(clock.position(at: 2.5) == 3)
        #expect(clock.heard(at: 2.5) == 5)
    }

    @Test func aLongLoopKeepsOnlyTheJoinsStillToBeHeard() {
        // A tenth-of-a-second loop at double speed, written a second ahead of what is heard: twenty joins
        // wait in the buffer, and every one of them is kept until it is heard.
        var clock = PlaybackClock(stream: 0, recording: 2, rate: 2)
        for pass in 1...400 { clock.jump(to: 2, at: Double(pass) * 0.05, played: Double(pass) * 0.05 - 1) }
        #expect((20...22).contains(clock.anchors.count), "\(clock.anchors.count)")
        #expect(abs(clock.position(at: 19.01) - 2.02) < 1e-9, "inside a pass: \(clock.position(at: 19.01))")
        #expect(abs(clock.heard(at: 19.01) - 38.02) < 1e-6, "380 passes of a tenth, and 0.02 s: \(clock.heard(at: 19.01))")
    }

    /// Rubber Band in-process: a tone at half speed comes out twice as long, to the sample, at its pitch.
    @Test(arguments: [0.5, 0.25, 1.5])
    func theStretcherKeepsPitchAndMakesTheLengthExact(speed: Double) throws {
        let format = AudioFormat(sampleRate: 44_100, channels: 2)
        let frames = 44_100 * 2
        var input: [UInt8] = []
        for frame in 0..<frames {
            let sample = Int16(10_000 * sin(2 * Double.pi * 1_000 * Double(frame) / 44_100))
            for _ in 0..<2 { withUnsafeBytes(of: sample.littleEndian) { input += $0 } }
        }
        let stretcher = try TimeStretcher(format: format, speed: speed)
        func stretched() -> [UInt8] {
            var output: [UInt8] = []
            for start in stride(from: 0, to: input.count, by: 8_192) {
                output += stretcher.process(Array(input[start..<min(input.count, start + 8_192)]))
            }
            return output + stretcher.finish()
        }
        let first = stretched()
        // Emptied and used again (a seek does this): the same sound, aligned the same way.
        stretcher.reset()
        let output = stretched()
        // Rubber Band's phase estimates may differ by a rounding, not the alignment: the same length, and
        // sample by sample within a few percent of full scale.
        #expect(output.count == first.count)
        func sample(_ bytes: [UInt8], _ index: Int) -> Int {
            Int(Int16(littleEndian: Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)))
        }
        // Aligned the same: the lag (in frames, ±40) at which the two match best, over the middle.
        let compared = (first.count / 4 / 4)..<(3 * first.count / 4 / 4)
        func mismatch(_ lag: Int) -> Int {
            stride(from: compared.lowerBound, to: compared.upperBound, by: 2).reduce(0) { total, frame in
                total + abs(sample(output, (frame + lag) * 4) - sample(first, frame * 4))
            }
        }
        let lag = (-40...40).min { mismatch($0) < mismatch($1) }!
        #expect(abs(lag) <= 1, "a reset stretcher gives what a new one gave, aligned the same: lag \(lag) frames")
        #expect(output.count / format.bytesPerFrame == Int((Double(frames) / speed).rounded()))
        let left = stride(from: 0, to: output.count, by: 4).map { Int16(littleEndian: Int16(output[$0]) | Int16(output[$0 + 1]) << 8) }
        let middle = left[(left.count / 4)..<(3 * left.count / 4)]
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let hertz = Double(crossings) / 2 / (Double(middle.count) / 44_100)
        #expect(abs(hertz - 1_000) < 10, "heard \(hertz) Hz")
    }
}
