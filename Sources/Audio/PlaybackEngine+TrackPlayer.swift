import FoundationEssentials
import PlaybackModel

extension PlaybackEngine {
    /// How a track's play ended.
    enum Ending {
        case finished(seconds: Double)
        case moved(to: Int, seconds: Double, at: Double? = nil)
        case failed(PlaybackError, seconds: Double)
        case stopped(seconds: Double)
    }

    /// Speed and loop as they stand now, reported on `track` (the status line shows them).
    func publish(_ settings: ListeningSettings, on track: Playing) {
        control.withLock { control in
            control.settings = settings
            listener.queue(track, .settings(settings))
        }
        listener.tell()
    }

    /// The track player: plays one track to its end, a move to another, a stop or a failure, by feeding
    /// its `TrackPlayback` the commands taken and what the decoder gives, and running the steps it
    /// returns against the decoder and the session's output. `startingAt`: seconds into it to begin
    /// (else its start, or the loop's).
    func playTrack(_ decoded: DecodedTrack, _ playing: Playing, fallbackDuration: Double?, startingAt: Double?,
                   connection: any AudioOutput, session: inout Session,
                   events: @escaping @Sendable (PlaybackEvent) -> Void) async -> Ending {
        var status = StatusReporter()
        // The speed holds for the queue; the loop given on the command line for every track, one marked
        // with `l` for this track only.
        let settings = control.withLock { control in
            control.settings.loop = options.loop.map { .looping($0) } ?? .none
            return control.settings
        }
        var track = TrackPlayback(index: playing.index, settings: settings, startingAt: startingAt,
                                  clock: PlaybackClock(stream: session.inputEnd, recording: 0, rate: session.rate))
        func played() -> Double { session.output?.playedSeconds ?? 0 }
        func duration() -> Double? { decoded.duration ?? fallbackDuration }

        /// Runs `steps` in order; the ending when one ends the track. `heardBefore`: the seconds heard
        /// when the command that asked for them was taken (a move reports those, not what is left once
        /// the queue is dropped); asked of the output only then, not for every piece.
        func run(_ steps: [TrackPlayback.Step], heardBefore: Double? = nil) async throws -> Ending? {
            for step in steps {
                switch step {
                case .dropQueued:
                    try await session.dropQueued()
                case .moveTo(let index, let at):
                    return .moved(to: index, seconds: heardBefore ?? track.heard(played: played()), at: at)
                case .jump(let target, let speed):
                    // What is queued and not yet heard of this track is dropped, and the clock starts again
                    // where the sound resumes.
                    let heardSoFar = track.heard(played: played())
                    if track.started { try await session.dropQueued() }
                    if let speed, let format = session.source {
                        try await session.use(format, speed: speed, connection: connection)
                    }
                    let reached = try await decoded.seek(to: target)
                    let resumed = track.decoderMoved(to: target, reached: reached, format: session.source)
                    track.jumped(resumed: resumed, stream: session.inputEnd, rate: session.rate, heardSoFar: heardSoFar)
                    status.positionMoved()
                case .useFormat(let format, let speed):
                    try await session.use(format, speed: speed, connection: connection)
                    let next = track.outputReady(stream: session.inputEnd, recording: decoded.position, rate: session.rate)
                    if let ending = try await run(next) { return ending }
                case .write(let bytes):
                    try await session.write(pcm: bytes)
                case .firstSound:
                    transition(.soundWritten(duration: duration(), outputDry: session.output?.isDry ?? false))
                case .publish(let settings):
                    publish(settings, on: playing)
                case .loopBack(let start):
                    // Heard right after what is written.
                    let reached = try await decoded.seek(to: start)
                    let resumed = track.decoderMoved(to: start, reached: reached, format: session.source)
                    track.loopedBack(resumed: resumed, stream: session.inputEnd, played: played())
                case .advanced:
                    let now = track.elapsed(played: played())
                    reportPosition(playing, elapsed: now, duration: duration(), status: &status)
                    if let duration = duration(), duration - now > Self.prefetchBeforeEnd { continue }
                    session.prefetch(playing.index + 1)
                case .finish:
                    // All of it is written. A server that ran dry waits for most of a second before it
                    // plays again: what is left plays now, and is the end of the track.
                    try await session.startPlaying()
                    if track.started { events(.position(elapsed: decoded.position, duration: duration())) }
                    return .finished(seconds: track.started ? track.clock.heard(at: session.inputEnd) : 0)
                }
            }
            return nil
        }

        decoded.onReconnect = { [weak self] news in
            switch news {
            case .trying: self?.transition(.reconnecting)
            case .regained: self?.transition(.reconnected)
            }
        }
        defer {
            decoded.onReconnect = nil
            transition(.trackEnded)  // however it ended: its stream's news is no longer this track's
        }
        do {
            while true {
                if stopped { return .stopped(seconds: track.heard(played: played())) }
                for command in await takeCommands() {
                    let now = played()
                    let steps = track.take(command, elapsed: track.elapsed(played: now))
                    if let ending = try await run(steps, heardBefore: track.heard(played: now)) { return ending }
                }
                let steps: [TrackPlayback.Step]
                switch try await decoded.nextPiece() {
                case .format(let format): steps = track.formatAnnounced(format)
                case .pcm(let bytes): steps = track.decoded(bytes, endingAt: decoded.position, format: session.source)
                case .end: steps = track.ended(at: decoded.position, hasOutput: session.output != nil)
                }
                if let ending = try await run(steps) { return ending }
            }
        } catch {
            let heard = track.heard(played: played())
            if stopped { return .stopped(seconds: heard) }
            return .failed(PlaybackError(error, played: heard), seconds: heard)
        }
    }
}
