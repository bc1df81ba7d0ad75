import PlaybackModel

/// One track's playback as a value: its clock (where the recording is at each point of the output),
/// the start it is still to make, the bytes still to drop after a seek that landed short, the loop's
/// passes and the listening settings in force. One mutating function per input (a command taken, a
/// format announced, a piece decoded, the end reached, the decoder moved) returns the steps the track
/// player runs, in order. No I/O happens here; `TrackPlaybackTests` checks it input by input.
struct TrackPlayback: Equatable, Sendable {
    /// The track's place in the queue.
    let index: Int
    /// Whether any of its sound has been written.
    private(set) var started = false
    /// Speed and loop in force.
    private(set) var settings: ListeningSettings
    /// Passes of the loop's section so far, the one under way included.
    private(set) var passes = 1
    /// Where the track is to begin, until it has: where a command asked, else the loop's start.
    private(set) var pendingStart: Double?
    /// Where the track ends short of the recording's end (the quiz's clip); nil: at its end.
    let clipEnd: Double?
    /// Bytes still to drop after a seek that landed short of its target, so a jump is exact to the sample.
    private(set) var skipBytes = 0
    private(set) var clock: PlaybackClock
    /// The loop's joins written and not yet heard: the stream time each is heard at, and the recording
    /// second it goes back to. Told as jumps when the output reaches them.
    private(set) var joinsAhead: [Join] = []
    struct Join: Equatable, Sendable {
        var stream: Double
        var to: Double
    }

    /// What the track player does, in order.
    enum Step: Equatable, Sendable {
        /// Drop what the output holds and has not yet played (a skip is heard at once).
        case dropQueued
        /// This track is over: on to queue entry `index`, from `at` seconds into it (else its start).
        case moveTo(index: Int, at: Double?)
        /// Go on from `target`: drop what is queued of this track once it has started, restart the output
        /// at `speed` when one is given, move the decoder, then tell `jumped`.
        case jump(to: Double, speed: PlaybackSpeed?)
        /// Make sure the output plays `format` at `speed`, then tell `outputReady`.
        case useFormat(AudioFormat, PlaybackSpeed)
        case write([UInt8])
        /// The first sound is written (the engine's state hears of it).
        case firstSound
        /// Tell the listener the speed and loop now in force.
        case publish(ListeningSettings)
        /// Tell the listener the point heard when `m` was taken.
        case tellMarked(at: Double)
        /// Move the decoder back to `to` for another pass of the loop, then tell `loopedBack`.
        case loopBack(to: Double)
        /// A piece is written: report the position, and open the next track when this one nears its end.
        case advanced
        /// All of it is written: let it play out and end the track as finished.
        case finish
    }

    /// `startingAt`: seconds in to begin, when a command asked (compare's Tab); else the loop's start;
    /// else `trackStart`, where the track itself begins (a quiz question: where the bird is first heard).
    /// `endingAt`: seconds in to end, when the track is a clip.
    init(index: Int, settings: ListeningSettings, startingAt: Double?, trackStart: Double? = nil, endingAt: Double? = nil, clock: PlaybackClock) {
        self.index = index
        clipEnd = endingAt
        self.settings = settings
        pendingStart = startingAt ?? settings.loop.section?.start ?? trackStart
        self.clock = clock
    }

    /// Where the recording is at `played` seconds of the output.
    func elapsed(played: Double) -> Double { clock.position(at: played) }

    /// Recording seconds heard by `played` seconds of the output (none before its first sound).
    func heard(played: Double) -> Double { started ? clock.heard(at: played) : 0 }

    // MARK: Inputs

    /// A listener's command, taken with the recording at `elapsed` seconds.
    mutating func take(_ command: ListeningCommand, elapsed: Double) -> [Step] {
        switch command {
        case .next:
            return [.dropQueued, .moveTo(index: index + 1, at: nil)]
        case .previous where elapsed <= 3 && index > 0:
            return [.dropQueued, .moveTo(index: index - 1, at: nil)]
        case .previous:
            return [.jump(to: 0, speed: nil)]
        case .play(let other, let from):
            return [.dropQueued, .moveTo(index: other, at: from)]
        case .seek(let step):
            return [.jump(to: elapsed + step, speed: nil)]
        case .speed(let change):
            settings.speed = settings.speed.applying(change)
            return [.publish(settings), .jump(to: elapsed, speed: settings.speed)]
        case .togglePause, .volume, .otherSide:
            return []  // the engine's and the screen's: never in the track player's mailbox
        case .mark:
            return [.tellMarked(at: elapsed)]
        case .goTo(let seconds):
            return [.jump(to: seconds, speed: nil)]
        case .loopSection(let section):
            settings.loop = settings.loop.section == section ? .none : .looping(section)
            passes = 1
            return [.publish(settings)] + (settings.loop.section.map { [.jump(to: $0.start, speed: nil)] } ?? [])
        case .markLoop:
            settings.loop = settings.loop.marking(at: elapsed)
            passes = 1
            // The end was just heard: the loop starts over at once.
            return [.publish(settings)] + (settings.loop.section.map { [.jump(to: $0.start, speed: nil)] } ?? [])
        }
    }

    /// The decoder announced its format (at the start, after a seek, or a change mid-stream).
    mutating func formatAnnounced(_ format: AudioFormat) -> [Step] {
        [.useFormat(format, settings.speed)]
    }

    /// The output plays the announced format; before the first sound the clock starts here (`stream`:
    /// the output's time at which the next sample is heard, `recording`: the decoder's position), and
    /// the pending start, once, is a jump. (A seek makes the decoder announce its format again.)
    mutating func outputReady(stream: Double, recording: Double, rate: Double) -> [Step] {
        guard !started else { return [] }
        clock = PlaybackClock(stream: stream, recording: recording, rate: rate)
        guard let start = pendingStart else { return [] }
        pendingStart = nil
        return start > 0 ? [.jump(to: start, speed: nil)] : []
    }

    /// A piece of PCM whose last sample is at `end` seconds of the recording, in `format`. What a seek
    /// said to drop is dropped; the piece that crosses the loop's end is cut there, and the loop starts
    /// over (sample after sample) or, its passes played, goes on past the end with what was cut off.
    mutating func decoded(_ piece: [UInt8], endingAt end: Double, format: AudioFormat?) -> [Step] {
        var bytes = piece
        if skipBytes > 0 {
            let dropped = min(skipBytes, bytes.count)
            bytes.removeFirst(dropped)
            skipBytes -= dropped
            if bytes.isEmpty { return [] }
        }
        var reachedLoopEnd: (section: LoopSection, pastEnd: [UInt8])?
        if let section = settings.loop.section, let format {
            let start = end - Double(bytes.count / format.bytesPerFrame) / Double(format.sampleRate)
            if start < section.end, section.end <= end {
                let kept = min(bytes.count, Int(((section.end - start) * Double(format.sampleRate)).rounded()) * format.bytesPerFrame)
                reachedLoopEnd = (section, Array(bytes[kept...]))
                bytes.removeLast(bytes.count - kept)
            }
        }
        // A clip ends at its end, unless a loop the listener set holds the sound.
        var clipEnded = false
        if settings.loop.section == nil, let clipEnd, clipEnd <= end, let format {
            let start = end - Double(bytes.count / format.bytesPerFrame) / Double(format.sampleRate)
            let kept = max(0, min(bytes.count, Int(((clipEnd - start) * Double(format.sampleRate)).rounded()) * format.bytesPerFrame))
            bytes.removeLast(bytes.count - kept)
            clipEnded = true
        }
        var steps: [Step] = [.write(bytes)]
        if !started {
            started = true
            steps += [.firstSound, .publish(settings)]  // this track's settings, which may differ from the last one's
        }
        if let (section, pastEnd) = reachedLoopEnd {
            if let again = loopAgain(section) {
                steps.append(again)
            } else {
                settings.loop = .none  // its passes played: on past the end, from the sample after it
                steps += [.publish(settings), .write(pastEnd)]
            }
        }
        return steps + (clipEnded ? [.finish] : [.advanced])
    }

    /// The decoder reached the recording's end at `position` seconds. A loop whose end lies past the
    /// recording's joins at its last sample; else the track finishes. `hasOutput`: a stream is open, so
    /// a track too short to have written a piece still counts as begun.
    mutating func ended(at position: Double, hasOutput: Bool) -> [Step] {
        if started, let section = settings.loop.section, section.start < position, let again = loopAgain(section) {
            return [again]
        }
        guard !started, hasOutput else { return [.finish] }
        started = true
        return [.firstSound, .finish]
    }

    /// The decoder, asked to go to `target`, is at `reached`: short of it by less than a second, the
    /// bytes between are dropped as they come. Returns where the sound resumes.
    mutating func decoderMoved(to target: Double, reached: Double, format: AudioFormat?) -> Double {
        guard let format, reached < target, target - reached < 1 else { return reached }
        let frames = Int(((target - reached) * Double(format.sampleRate)).rounded())
        skipBytes = frames * format.bytesPerFrame
        return reached + Double(frames) / Double(format.sampleRate)
    }

    /// A jump is done: the clock starts again where the sound resumes (`resumed` seconds of the
    /// recording, heard from `stream` on at `rate`), keeping the seconds heard so far.
    mutating func jumped(resumed: Double, stream: Double, rate: Double, heardSoFar: Double) {
        clock = PlaybackClock(stream: stream, recording: resumed, rate: rate, heard: heardSoFar)
        joinsAhead = []  // dropped with the sound queued
    }

    /// Another pass has begun: the recording goes back to `resumed` right after what is written
    /// (`stream`), the output having played `played` seconds.
    mutating func loopedBack(resumed: Double, stream: Double, played: Double) {
        clock.jump(to: resumed, at: stream, played: played)
        joinsAhead.append(Join(stream: stream, to: resumed))
    }

    /// The recording seconds the loop's joins heard by `played` went back to, in order; each is
    /// returned once.
    mutating func joinsHeard(played: Double) -> [Double] {
        let heard = joinsAhead.prefix { $0.stream <= played }
        joinsAhead.removeFirst(heard.count)
        return heard.map(\.to)
    }

    /// Another pass of the loop, when it has one left.
    private mutating func loopAgain(_ section: LoopSection) -> Step? {
        guard section.passes.map({ passes < $0 }) ?? true else { return nil }
        passes += 1
        return .loopBack(to: section.start)
    }
}
