import PlaybackModel

extension EngineState {
    /// What the engine's track is doing, whether or not the listener holds it. Each case holds only
    /// what is valid in it. A track may have no stream yet while it opens, and one stream carries track
    /// after track of one format, so the stream is carried from case to case.
    ///
    /// "Buffering" is said when the listener hears, or is about to hear, nothing: the stream's underflow
    /// callback once the dry spell has lasted `dryLongEnough` (a busy machine late with a piece is
    /// refilled at once, not worth a flicker of the status line), or the input regaining a dropped
    /// connection. It ends with the stream's started callback, or with the connection regained while
    /// the server still had sound. No timer runs per read.
    public enum Activity: Equatable, Sendable {
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

        /// The stream sound goes to now.
        public var output: Output? {
            switch self {
            case .idle: return nil
            case .opening(_, let output): return output
            case .playing(_, let output), .starving(_, let output, _), .buffering(_, let output, _), .draining(let output):
                return output
            }
        }

        /// The track it is on.
        public var track: Playing? {
            switch self {
            case .idle, .draining: return nil
            case .opening(let track, _), .playing(let track, _), .starving(let track, _, _), .buffering(let track, _, _):
                return track
            }
        }

        /// Whether its sound is heard now (a short dry spell included).
        public var isSounding: Bool {
            switch self {
            case .playing, .starving: return true
            case .idle, .opening, .buffering, .draining: return false
            }
        }

        /// The loop takes a track, on the stream the last one left.
        mutating func begin(_ track: Playing) -> [Action] {
            self = .opening(track, output)
            return [.report(track, .buffering(progress: nil))]
        }

        /// A stream opened: the track's first, a format change mid-track (the new stream takes over, the
        /// old one plays out on its own), or one opened after the track ended.
        mutating func open(_ output: Output) -> [Action] {
            switch self {
            case .opening(let track, _):
                self = .opening(track, output)
            case .playing(let track, _), .starving(let track, _, _), .buffering(let track, _, _):
                self = .playing(track, output)
            case .idle, .draining:
                self = .draining(output)
            }
            return []
        }

        /// The track's first sound was written: heard, unless the stream ran dry before it (a slow link),
        /// when it is silent until it has refilled. Without a stream nothing can be heard yet.
        mutating func writeFirstSound(duration: Double?, outputDry: Bool) -> [Action] {
            switch self {
            case .opening(let track, let output?):
                guard outputDry else {
                    self = .playing(track, output)
                    return [.report(track, .started(duration: duration))]
                }
                self = .buffering(track, output, .serverRanDry)
                return [.report(track, .started(duration: duration)), .report(track, .buffering(progress: nil))]
            case .opening(_, nil), .idle, .playing, .starving, .buffering, .draining:
                return []
            }
        }

        /// The track's sound is all written.
        mutating func end() -> [Action] {
            self = output.map { .draining($0) } ?? .idle
            return []
        }

        /// The input lost its connection. Opening: part of opening. Buffering: said once already.
        mutating func loseConnection() -> [Action] {
            switch self {
            case .playing(let track, let output):
                self = .buffering(track, output, .reconnecting)
                return [.report(track, .buffering(progress: nil))]
            case .starving(let track, let output, _):
                self = .buffering(track, output, .serverRanDry)  // dry already: the server's restart ends it
                return [.report(track, .buffering(progress: nil))]
            case .idle, .opening, .buffering, .draining:
                return []
            }
        }

        /// The connection gives bytes again: heard at once unless the server ran dry meanwhile.
        mutating func regainConnection() -> [Action] {
            switch self {
            case .buffering(let track, let output, .reconnecting):
                self = .playing(track, output)
                return [.reportPosition(track)]
            case .buffering(_, _, .serverRanDry), .idle, .opening, .playing, .starving, .draining:
                return []
            }
        }

        /// The stream's underflow callback. Opening: the last track's tail ran out (its first write says
        /// whether the stream is dry). Draining or idle: no track to tell of.
        mutating func runDry(episode: Int) -> [Action] {
            switch self {
            case .playing(let track, let output):
                self = .starving(track, output, episode: episode)
                return [.schedule(.dryLongEnough(output, episode: episode), after: EngineState.dryLongEnough)]
            case .buffering(let track, let output, .reconnecting):
                self = .buffering(track, output, .serverRanDry)  // the started callback ends it now
                return []
            case .idle, .opening, .starving, .buffering(_, _, .serverRanDry), .draining:
                return []
            }
        }

        /// The stream's started callback: the server plays again.
        mutating func restart() -> [Action] {
            switch self {
            case .starving(let track, let output, _):
                self = .playing(track, output)
                return []
            case .buffering(let track, let output, _):
                self = .playing(track, output)
                return [.reportPosition(track)]
            case .idle, .opening, .playing, .draining:
                return []
            }
        }

        /// The timer of dry spell `fired` ran out: buffering is said if that spell still lasts.
        mutating func stayDry(episode fired: Int) -> [Action] {
            switch self {
            case .starving(let track, let output, let episode) where episode == fired:
                self = .buffering(track, output, .serverRanDry)
                return [.report(track, .buffering(progress: nil))]
            case .starving, .idle, .opening, .playing, .buffering, .draining:
                return []
            }
        }
    }

    /// Why a track buffers, which says what ends it.
    public enum BufferingCause: Equatable, Sendable {
        /// Until the server starts again (its started callback).
        case serverRanDry
        /// Until the connection is regained, or the server starts again if it ran dry meanwhile.
        case reconnecting
    }
}
