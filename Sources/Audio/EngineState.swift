import PlaybackModel

/// Which track of a queue an event is about: its place in the queue and its id.
public struct Playing: Sendable, Equatable {
    public var index: Int
    public var id: String

    public init(index: Int, id: String) {
        self.index = index
        self.id = id
    }
}

/// What the engine is doing, as one value: each case holds only what is valid in it. `Output` is the
/// sound server's stream (a `PulseStream` in the engine, a plain number in the tests). A track may have
/// no stream yet while it opens, and one stream carries track after track of one format, so the stream
/// is carried from case to case.
///
/// "Buffering" is said when the listener hears, or is about to hear, nothing: the stream's underflow
/// callback once the dry spell has lasted `dryLongEnough` (a busy machine late with a piece is refilled
/// at once, not worth a flicker of the status line), or the input regaining a dropped connection. It
/// ends with the stream's started callback, or with the connection regained while the server still
/// had sound. No timer runs per read.
public indirect enum EngineState<Output: Equatable & Sendable>: Equatable, Sendable {
    /// Nothing asked yet, or the queue is over.
    case idle
    /// The track is being opened (the request, the first bytes, the decoder); shown as buffering.
    case opening(Playing, Output?)
    /// Its sound is reaching the server.
    case playing(Playing, Output)
    /// The server ran out of sound `episode` a moment ago; still shown as playing until it has lasted.
    case starving(Playing, Output, episode: Int)
    /// Shown as buffering: the server has been out of sound long enough for the listener to hear it,
    /// or the input is regaining its connection.
    case buffering(Playing, Output, BufferingCause)
    /// The track's sound is all written and plays out; the next track, or the end, comes next.
    case draining(Output)
    /// Held by the listener: the state to go back to, its stream corked (a stream opened meanwhile is
    /// corked as it opens).
    case paused(EngineState)
    /// Stopped for good (q, Ctrl-C): a stream that opens now is cancelled at once.
    case stopped

    /// Why a track buffers, which says what ends it.
    public enum BufferingCause: Equatable, Sendable {
        /// Until the server starts again (its started callback).
        case serverRanDry
        /// Until the connection is regained, or the server starts again if it ran dry meanwhile.
        case reconnecting
    }

    /// How long the server must have been dry before buffering is said.
    public static var dryLongEnough: Duration { .milliseconds(200) }

    /// The stream sound goes to now.
    public var output: Output? {
        switch self {
        case .idle, .stopped: return nil
        case .opening(_, let output): return output
        case .playing(_, let output), .starving(_, let output, _), .buffering(_, let output, _), .draining(let output):
            return output
        case .paused(let held): return held.output
        }
    }

    /// The track the engine is on.
    public var track: Playing? {
        switch self {
        case .idle, .stopped, .draining: return nil
        case .opening(let track, _), .playing(let track, _), .starving(let track, _, _), .buffering(let track, _, _):
            return track
        case .paused(let held): return held.track
        }
    }

    /// Whether the listener hears the track's sound now (a short dry spell included): positions are
    /// reported only then.
    public var isSounding: Bool {
        switch self {
        case .playing, .starving: return true
        case .idle, .opening, .buffering, .draining, .paused, .stopped: return false
        }
    }

    public var isPaused: Bool { if case .paused = self { true } else { false } }
    public var isStopped: Bool { if case .stopped = self { true } else { false } }

    /// What happens to the engine: from the playing loop, from the stream's callbacks, from a timer
    /// the engine set, and from the listener.
    public enum Event: Equatable, Sendable {
        /// The loop takes a track.
        case trackBegan(Playing)
        /// A stream opened for the track (its first, or a new format's).
        case outputOpened(Output)
        /// The track's first sound was written; `outputDry`: the stream had run dry before it (it waits
        /// for most of a second of sound before it plays again). `duration` is the track's length.
        case soundWritten(duration: Double?, outputDry: Bool)
        /// The track's sound is all written (it plays out).
        case trackEnded
        /// A stream's underflow callback: the server has nothing to play (its dry spell `episode`).
        /// About the stream of the state only; an older one playing out is no news.
        case outputRanDry(Output, episode: Int)
        /// A stream's started callback: the server plays it again.
        case outputStarted(Output)
        /// The timer set at `outputRanDry` ran out.
        case dryLongEnough(Output, episode: Int)
        /// The input lost its connection and is reopening it (a Range request from the byte reached).
        case reconnecting
        /// The reopened connection gives bytes again.
        case reconnected
        case pause(Bool)
        /// Pause when playing, resume when paused: decided here, on the state of the moment.
        case togglePause
        case stop
        case queueEnded
    }

    /// What the engine must do after a transition, in order.
    public enum Action: Equatable, Sendable {
        /// Tell the listener, about this track.
        case report(Playing, PlaybackEvent)
        /// Tell the listener the track's last known position again (it plays again after buffering).
        case reportPosition(Playing)
        /// Send `event` after `delay`.
        case schedule(Event, after: Duration)
        /// Cork (true) or uncork (false) the stream.
        case cork(Output, Bool)
        /// Cancel the stream: a blocked write or drain returns at once.
        case cancel(Output)
    }

    /// The one transition function: the new state and what to do to reach it.
    public mutating func handle(_ event: Event) -> [Action] {
        switch (self, event) {
        // Stopped is final; a stream that opens while stopping is cancelled.
        case (.stopped, .outputOpened(let output)):
            return [.cancel(output)]
        case (.stopped, _):
            return []
        case (_, .stop):
            let output = self.output
            self = .stopped
            return output.map { [.cancel($0)] } ?? []
        case (_, .queueEnded):
            self = .idle
            return []
        case (_, .togglePause):
            return handle(.pause(!isPaused))
        case (_, .outputRanDry(let stream, _)) where stream != output, (_, .outputStarted(let stream)) where stream != output,
             (_, .dryLongEnough(let stream, _)) where stream != output:
            return []  // a stream of a format no longer played, playing out

        // Pause holds whatever the engine was doing; the stream is corked, and its callbacks wait.
        case (.paused(var held), .trackBegan), (.paused(var held), .outputOpened), (.paused(var held), .soundWritten),
             (.paused(var held), .trackEnded), (.paused(var held), .reconnecting), (.paused(var held), .reconnected):
            var actions = held.handle(event)
            if case .reconnecting = event { actions.removeAll { if case .report(_, .buffering) = $0 { true } else { false } } }
            if case .outputOpened(let output) = event { actions.append(.cork(output, true)) }
            if let track = held.track, case .trackBegan = event { actions.append(.report(track, .paused)) }
            if let track = held.track, case .soundWritten = event { actions.append(.report(track, .paused)) }
            self = .paused(held)
            return actions
        case (.paused, .outputRanDry), (.paused, .outputStarted), (.paused, .dryLongEnough), (.paused, .pause(true)):
            return []
        case (.paused(let held), .pause(false)):
            let uncork = held.output.map { [Action.cork($0, false)] } ?? []
            switch held {
            case .starving(let track, let output, _), .buffering(let track, let output, .serverRanDry):
                // Dry when it was corked: it plays again once the server has refilled (started callback).
                self = .buffering(track, output, .serverRanDry)
                return uncork + [.report(track, .resumed), .report(track, .buffering(progress: nil))]
            case .buffering(let track, _, .reconnecting):
                self = held
                return uncork + [.report(track, .resumed), .report(track, .buffering(progress: nil))]
            case .idle, .opening, .playing, .draining, .paused, .stopped:
                self = held
                return uncork + (held.track.map { [.report($0, .resumed)] } ?? [])
            }
        case (.idle, .pause):
            return []
        case (_, .pause(true)):
            let actions = (output.map { [Action.cork($0, true)] } ?? []) + (track.map { [.report($0, .paused)] } ?? [])
            self = .paused(self)
            return actions
        case (_, .pause(false)):
            return []

        // A track: opened, first sound, played out.
        case (_, .trackBegan(let track)):
            self = .opening(track, output)
            return [.report(track, .buffering(progress: nil))]
        case (.opening(let track, _), .outputOpened(let output)):
            self = .opening(track, output)
            return []
        case (.playing(let track, _), .outputOpened(let output)), (.starving(let track, _, _), .outputOpened(let output)),
             (.buffering(let track, _, _), .outputOpened(let output)):
            // A format change mid-track: the new stream takes over, the old one plays out on its own.
            self = .playing(track, output)
            return []
        case (.draining, .outputOpened(let output)), (.idle, .outputOpened(let output)):
            self = .draining(output)
            return []
        case (.opening(let track, let output?), .soundWritten(let duration, let outputDry)):
            guard outputDry else {
                self = .playing(track, output)
                return [.report(track, .started(duration: duration))]
            }
            // The stream ran dry before this track (a slow link): silent until it has refilled.
            self = .buffering(track, output, .serverRanDry)
            return [.report(track, .started(duration: duration)), .report(track, .buffering(progress: nil))]
        case (_, .soundWritten):
            return []
        case (_, .trackEnded):
            self = output.map { .draining($0) } ?? .idle
            return []

        // The stream's callbacks, and the timer that tells a dry spell worth saying from a short one.
        case (.playing(let track, let output), .outputRanDry(_, let episode)):
            self = .starving(track, output, episode: episode)
            return [.schedule(.dryLongEnough(output, episode: episode), after: Self.dryLongEnough)]
        case (.starving(let track, let output, let episode), .dryLongEnough(_, let fired)) where episode == fired:
            self = .buffering(track, output, .serverRanDry)
            return [.report(track, .buffering(progress: nil))]
        case (.starving(let track, let output, _), .outputStarted):
            self = .playing(track, output)
            return []
        case (.buffering(let track, let output, _), .outputStarted):
            self = .playing(track, output)
            return [.reportPosition(track)]
        case (.buffering(let track, let output, .reconnecting), .outputRanDry):
            self = .buffering(track, output, .serverRanDry)  // the started callback ends it now
            return []

        // The input's connection: lost and regained.
        case (.playing(let track, let output), .reconnecting):
            self = .buffering(track, output, .reconnecting)
            return [.report(track, .buffering(progress: nil))]
        case (.starving(let track, let output, _), .reconnecting):
            self = .buffering(track, output, .serverRanDry)  // dry already: the server's restart ends it
            return [.report(track, .buffering(progress: nil))]
        case (.buffering(let track, let output, .reconnecting), .reconnected):
            self = .playing(track, output)
            return [.reportPosition(track)]

        case (_, .outputRanDry), (_, .outputStarted), (_, .dryLongEnough), (_, .reconnecting), (_, .reconnected):
            // Opening: the last track's tail ran out or restarted, nothing of this one's (its first
            // write says whether the stream is dry); its own reconnection is part of opening. Draining
            // or idle: no track to tell of. Buffering already: said once.
            return []
        }
    }
}
