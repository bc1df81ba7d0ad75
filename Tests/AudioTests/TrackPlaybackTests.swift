@testable import Audio
import PlaybackModel
import Testing

/// A track's playback, input by input: the state it keeps and the steps it asks for.
@Suite("a track's playback as a value")
struct TrackPlaybackTests {
    /// 1 kHz mono: a frame is 2 bytes, a millisecond 2 bytes × 1.
    static let format = AudioFormat(sampleRate: 1_000, channels: 1)
    static let normal = ListeningSettings(speed: .normal, loop: .none)

    static func track(index: Int = 1, settings: ListeningSettings = normal, startingAt: Double? = nil) -> TrackPlayback {
        TrackPlayback(index: index, settings: settings, startingAt: startingAt, clock: PlaybackClock(stream: 0, recording: 0, rate: 1))
    }

    /// `seconds` of 1 kHz mono PCM.
    static func pcm(_ seconds: Double) -> [UInt8] { [UInt8](repeating: 1, count: Int(seconds * 1_000) * 2) }

    func on<Result>(_ track: inout TrackPlayback, _ input: (inout TrackPlayback) -> Result) -> Result { input(&track) }
    func steps(_ track: TrackPlayback, _ input: (inout TrackPlayback) -> [TrackPlayback.Step]) -> [TrackPlayback.Step] {
        var track = track
        return input(&track)
    }

    @Test func theFirstPieceIsWrittenThenSaidThenItsSettingsPublished() {
        var track = Self.track()
        #expect(on(&track) { $0.formatAnnounced(Self.format) } == [.useFormat(Self.format, .normal)])
        #expect(on(&track) { $0.outputReady(stream: 3, recording: 0, rate: 1) } == [], "no start asked: none to make")
        #expect(track.heard(played: 5) == 0, "nothing heard before the first sound")
        #expect(on(&track) { $0.decoded(Self.pcm(0.5), endingAt: 0.5, format: Self.format) } == [.write(Self.pcm(0.5)), .firstSound, .publish(Self.normal), .advanced])
        #expect(track.started)
        #expect(track.elapsed(played: 3.25) == 0.25, "the clock started where the output was when the format was ready")
        #expect(on(&track) { $0.decoded(Self.pcm(0.5), endingAt: 1, format: Self.format) } == [.write(Self.pcm(0.5)), .advanced], "said once")
    }

    @Test func aStartAskedForIsOneJumpOnceTheOutputIsReady() {
        var track = Self.track(startingAt: 4)
        #expect(on(&track) { $0.outputReady(stream: 0, recording: 0, rate: 1) } == [.jump(to: 4, speed: nil)])
        #expect(on(&track) { $0.outputReady(stream: 0, recording: 4, rate: 1) } == [], "once: a seek announces the format again")
        var looped = Self.track(settings: ListeningSettings(speed: .normal, loop: .looping(LoopSection(start: 2, end: 3)!)))
        #expect(on(&looped) { $0.outputReady(stream: 0, recording: 0, rate: 1) } == [.jump(to: 2, speed: nil)], "a loop starts at its start")
    }

    @Test func aClipIsCutAtItsEndAndFinishesUnlessALoopHoldsIt() {
        var clip = TrackPlayback(index: 0, settings: Self.normal, startingAt: nil, trackStart: 4, endingAt: 5, clock: PlaybackClock(stream: 0, recording: 0, rate: 1))
        #expect(on(&clip) { $0.outputReady(stream: 0, recording: 0, rate: 1) } == [.jump(to: 4, speed: nil)])
        #expect(on(&clip) { $0.decoded(Self.pcm(0.5), endingAt: 4.5, format: Self.format) } == [.write(Self.pcm(0.5)), .firstSound, .publish(Self.normal), .advanced])
        #expect(on(&clip) { $0.decoded(Self.pcm(0.75), endingAt: 5.25, format: Self.format) } == [.write(Self.pcm(0.5)), .finish],
                "the piece crossing the clip's end is cut there, and the track is over")
        #expect(steps(clip) { $0.decoded(Self.pcm(0.5), endingAt: 7, format: Self.format) } == [.write([]), .finish], "a seek past the end: nothing more")
        // A loop set within the clip holds the sound past the clip's end.
        _ = on(&clip) { $0.take(.markLoop, elapsed: 4.5) }
        _ = on(&clip) { $0.take(.markLoop, elapsed: 4.9) }
        #expect(!steps(clip) { $0.decoded(Self.pcm(0.5), endingAt: 5.5, format: Self.format) }.contains(.finish))
        // A loop given on the command line begins where it says, before where the track itself would.
        let looping = ListeningSettings(speed: .normal, loop: .looping(LoopSection(start: 2, end: 3)!))
        var looped = TrackPlayback(index: 0, settings: looping, startingAt: nil, trackStart: 10, clock: PlaybackClock(stream: 0, recording: 0, rate: 1))
        #expect(on(&looped) { $0.outputReady(stream: 0, recording: 0, rate: 1) } == [.jump(to: 2, speed: nil)])
        var own = TrackPlayback(index: 0, settings: Self.normal, startingAt: nil, trackStart: 10, clock: PlaybackClock(stream: 0, recording: 0, rate: 1))
        #expect(on(&own) { $0.outputReady(stream: 0, recording: 0, rate: 1) } == [.jump(to: 10, speed: nil)])
    }

    @Test func commandsBecomeMovesJumpsAndPublishedSettings() {
        var track = Self.track(index: 2)
        #expect(on(&track) { $0.take(.next, elapsed: 7) } == [.dropQueued, .moveTo(index: 3, at: nil)])
        #expect(on(&track) { $0.take(.previous, elapsed: 2) } == [.dropQueued, .moveTo(index: 1, at: nil)], "early in: the track before")
        #expect(on(&track) { $0.take(.previous, elapsed: 9) } == [.jump(to: 0, speed: nil)], "later: this track's start")
        #expect(steps(Self.track(index: 0)) { $0.take(.previous, elapsed: 1) } == [.jump(to: 0, speed: nil)], "the first has none before it")
        #expect(on(&track) { $0.take(.seek(by: 5), elapsed: 7) } == [.jump(to: 12, speed: nil)])
        #expect(on(&track) { $0.take(.play(index: 5, from: 2.5), elapsed: 7) } == [.dropQueued, .moveTo(index: 5, at: 2.5)])
        let half = PlaybackSpeed.normal.applying(.halve)
        let halved = ListeningSettings(speed: half, loop: .none)
        #expect(on(&track) { $0.take(.speed(.halve), elapsed: 7) } == [.publish(halved), .jump(to: 7, speed: half)])
        #expect(track.settings == halved)
        #expect(on(&track) { $0.formatAnnounced(Self.format) } == [.useFormat(Self.format, half)], "a new format at the speed in force")
    }

    @Test func lMarksTheStartThenTheEndAndLoopsAtOnceThenClears() {
        var track = Self.track()
        #expect(on(&track) { $0.take(.markLoop, elapsed: 2) } == [.publish(ListeningSettings(speed: .normal, loop: .started(at: 2)))])
        let section = LoopSection(start: 2, end: 4)!
        #expect(on(&track) { $0.take(.markLoop, elapsed: 4) } == [.publish(ListeningSettings(speed: .normal, loop: .looping(section))), .jump(to: 2, speed: nil)])
        #expect(on(&track) { $0.take(.markLoop, elapsed: 3) } == [.publish(Self.normal)])
    }

    @Test func thePieceThatCrossesTheLoopsEndIsCutThereAndTheLoopGoesBack() {
        let section = LoopSection(start: 1, end: 1.25, passes: 2)!
        var track = Self.track(settings: ListeningSettings(speed: .normal, loop: .looping(section)))
        _ = track.decoded(Self.pcm(1), endingAt: 1, format: Self.format)
        // 1.0 to 1.5 s crosses the end at 1.25: 250 ms written, then back to the start (pass 2 of 2).
        #expect(on(&track) { $0.decoded(Self.pcm(0.5), endingAt: 1.5, format: Self.format) } == [.write(Self.pcm(0.25)), .loopBack(to: 1), .advanced])
        #expect(track.passes == 2)
        // Pass 2 reaches the end: its passes played, on past the end with the cut-off part.
        let last = ListeningSettings(speed: .normal, loop: .none)
        #expect(on(&track) { $0.decoded(Self.pcm(0.5), endingAt: 1.5, format: Self.format) }
                == [.write(Self.pcm(0.25)), .publish(last), .write(Self.pcm(0.25)), .advanced])
        #expect(track.settings.loop == .none)
    }

    /// A join is written up to a buffer ahead of the ear: it is told as a jump when the output reaches
    /// it, once, and a seek drops the joins it drops the sound of.
    @Test func theLoopsJoinsAreToldWhenHeardAndASeekDropsThoseNotHeard() {
        var track = Self.track()
        _ = track.decoded(Self.pcm(1), endingAt: 1, format: Self.format)
        track.loopedBack(resumed: 0.5, stream: 1, played: 0.2)
        track.loopedBack(resumed: 0.5, stream: 1.5, played: 0.2)
        #expect(track.joinsHeard(played: 0.9) == [], "not yet reached")
        #expect(track.joinsHeard(played: 1.6) == [0.5, 0.5], "both heard, in order")
        #expect(track.joinsHeard(played: 2) == [], "each told once")
        track.loopedBack(resumed: 0.5, stream: 3, played: 2)
        track.jumped(resumed: 0.8, stream: 2.1, rate: 1, heardSoFar: 2)
        #expect(track.joinsHeard(played: 4) == [], "a seek dropped the join queued")
    }

    @Test func aLoopPastTheRecordingsEndJoinsAtItsLastSample() {
        let section = LoopSection(start: 1, end: 9)!
        var track = Self.track(settings: ListeningSettings(speed: .normal, loop: .looping(section)))
        _ = track.decoded(Self.pcm(1), endingAt: 2, format: Self.format)
        #expect(on(&track) { $0.ended(at: 3, hasOutput: true) } == [.loopBack(to: 1)])
        var plain = Self.track()
        _ = plain.decoded(Self.pcm(1), endingAt: 1, format: Self.format)
        #expect(on(&plain) { $0.ended(at: 3, hasOutput: true) } == [.finish])
    }

    @Test func aTrackTooShortForAPieceStillBeginsWhenAStreamIsOpen() {
        var track = Self.track()
        #expect(on(&track) { $0.ended(at: 0.01, hasOutput: true) } == [.firstSound, .finish])
        #expect(track.started)
        var unopened = Self.track()
        #expect(on(&unopened) { $0.ended(at: 0, hasOutput: false) } == [.finish])
        #expect(!unopened.started)
    }

    @Test func aSeekThatLandsShortDropsTheBytesBetweenAndResumesOnTheSample() {
        var track = Self.track()
        _ = track.decoded(Self.pcm(1), endingAt: 1, format: Self.format)
        let resumed = track.decoderMoved(to: 5.1, reached: 5, format: Self.format)
        #expect(resumed == 5.1)
        #expect(track.skipBytes == 200, "100 ms at 1 kHz mono")
        #expect(on(&track) { $0.decoded(Self.pcm(0.05), endingAt: 5.05, format: Self.format) } == [], "all of it dropped")
        #expect(on(&track) { $0.decoded(Self.pcm(0.1), endingAt: 5.15, format: Self.format) } == [.write(Self.pcm(0.05)), .advanced], "the rest of the drop, then sound")
        #expect(on(&track) { $0.decoderMoved(to: 8, reached: 6, format: Self.format) } == 6, "short by a second or more: resumes where it landed")
        track.jumped(resumed: 5.1, stream: 10, rate: 1, heardSoFar: 3)
        #expect(track.elapsed(played: 11) == 6.1)
        #expect(track.heard(played: 11) == 4, "the seconds heard carry over a jump")
    }
}
