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

    /// One track's play as the track player runs it: what it plays and where it is (`track`).
    struct TrackRun {
        let decoded: DecodedTrack
        let playing: Playing
        let fallbackDuration: Double?
        let connection: any AudioOutput
        let events: @Sendable (PlaybackEvent) -> Void
        var track: TrackPlayback
        /// Where the track begins when a command or the loop asked for a point inside it: told as a
        /// jump once its sound starts (the row and the desktop would otherwise count from 0).
        var beginsAt: Double?

        func played(_ session: Session) -> Double { session.output?.playedSeconds ?? 0 }
        var duration: Double? { decoded.duration ?? fallbackDuration }
    }

    /// The track player: plays one track to its end, a move to another, a stop or a failure, by feeding
    /// its `TrackPlayback` the commands taken and what the decoder gives, and running the steps it
    /// returns against the decoder and the session's output. `startingAt`: seconds into it to begin
    /// (else the loop's start, else `trackStart`, else 0); `endingAt`: to end (else its end).
    func playTrack(_ decoded: DecodedTrack, _ playing: Playing, fallbackDuration: Double?, startingAt: Double?, trackStart: Double?, endingAt: Double?,
                   connection: any AudioOutput, session: inout Session,
                   events: @escaping @Sendable (PlaybackEvent) -> Void) async -> Ending {
        let settings = control.withLock { $0.state.settings }
        var run = TrackRun(decoded: decoded, playing: playing, fallbackDuration: fallbackDuration, connection: connection, events: events,
                           track: TrackPlayback(index: playing.index, settings: settings, startingAt: startingAt, trackStart: trackStart, endingAt: endingAt,
                                                clock: PlaybackClock(stream: session.inputEnd, recording: 0, rate: session.rate)))
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
                if stopped { return .stopped(seconds: run.track.heard(played: run.played(session))) }
                for command in await takeCommands() {
                    let now = run.played(session)
                    let steps = run.track.take(command, elapsed: run.track.elapsed(played: now))
                    if let ending = try await perform(steps, &run, session: &session, heardBefore: run.track.heard(played: now)) { return ending }
                }
                let steps: [TrackPlayback.Step]
                switch try await decoded.nextPiece() {
                case .format(let format): steps = run.track.formatAnnounced(format)
                case .pcm(let bytes): steps = run.track.decoded(bytes, endingAt: decoded.position, format: session.source)
                case .end: steps = run.track.ended(at: decoded.position, hasOutput: session.output != nil)
                }
                if let ending = try await perform(steps, &run, session: &session) { return ending }
            }
        } catch {
            let heard = run.track.heard(played: run.played(session))
            if stopped { return .stopped(seconds: heard) }
            return .failed(PlaybackError(error, played: heard), seconds: heard)
        }
    }

    /// Runs `steps` in order; the ending when one ends the track. `heardBefore`: the seconds heard when
    /// the command that asked for them was taken (a move reports those, not what is left once the queue
    /// is dropped); asked of the output only then, not for every piece.
    private func perform(_ steps: [TrackPlayback.Step], _ run: inout TrackRun, session: inout Session,
                         heardBefore: Double? = nil) async throws -> Ending? {
        let decoded = run.decoded
        for step in steps {
            switch step {
            case .dropQueued:
                try await session.dropQueued()
            case .moveTo(let index, let at):
                return .moved(to: index, seconds: heardBefore ?? run.track.heard(played: run.played(session)), at: at)
            case .jump(let target, let speed):
                // What is queued and not yet heard of this track is dropped, and the clock starts again
                // where the sound resumes.
                let heardSoFar = run.track.heard(played: run.played(session))
                if run.track.started { try await session.dropQueued() }
                if let speed, let format = session.source {
                    try await session.use(format, speed: speed, connection: run.connection)
                }
                let reached = try await decoded.seek(to: target)
                let resumed = run.track.decoderMoved(to: target, reached: reached, format: session.source)
                run.track.jumped(resumed: resumed, stream: session.inputEnd, rate: session.rate, heardSoFar: heardSoFar)
                transition(.moved(to: resumed, duration: run.duration))
                // A speed change goes on from where it was; a start at a point is told with the first sound.
                if speed == nil { if run.track.started { run.events(.jumped(to: resumed)) } else { run.beginsAt = resumed } }
            case .useFormat(let format, let speed):
                try await session.use(format, speed: speed, connection: run.connection)
                let next = run.track.outputReady(stream: session.inputEnd, recording: decoded.position, rate: session.rate)
                if let ending = try await perform(next, &run, session: &session) { return ending }
            case .write(let bytes):
                try await session.write(pcm: bytes)
            case .firstSound:
                transition(.soundWritten(duration: run.duration, outputDry: session.output?.isDry ?? false))
                if let start = run.beginsAt, start > 0 { run.events(.jumped(to: start)) }
            case .publish(let settings):
                transition(.settingsChanged(settings, on: run.playing))
            case .tellMarked(let seconds):
                run.events(.marked(at: seconds))
            case .loopBack(let start):
                // Heard right after what is written.
                let reached = try await decoded.seek(to: start)
                let resumed = run.track.decoderMoved(to: start, reached: reached, format: session.source)
                run.track.loopedBack(resumed: resumed, stream: session.inputEnd, played: run.played(session))
            case .advanced:
                for join in run.track.joinsHeard(played: run.played(session)) {
                    transition(.moved(to: join, duration: run.duration))
                    run.events(.jumped(to: join))
                }
                let now = run.track.elapsed(played: run.played(session))
                transition(.played(to: now, duration: run.duration))
                if let duration = run.duration, duration - now > Self.prefetchBeforeEnd { continue }
                session.prefetch(run.playing.index + 1)
            case .finish:
                // All of it is written. A server that ran dry waits for most of a second before it plays
                // again: what is left plays now, and is the end of the track.
                try await session.startPlaying()
                if run.track.started { run.events(.position(elapsed: decoded.position, duration: run.duration)) }
                return .finished(seconds: run.track.started ? run.track.clock.heard(at: session.inputEnd) : 0)
            }
        }
        return nil
    }
}
