import ChirperCore
import Locking
import MediaControl
import PlaybackModel
import XenoCanto

/// A playing screen as the desktop sees it (MPRIS on the session bus: media keys, widgets, playerctl).
/// The engine's events make its state, as they make the screen's; the desktop's requests come back as
/// the screen's own commands, through `requests`, in the order they came. The bus is offered once the
/// first track sounds, on a thread of its own, so a play's start does not wait for it; without a session
/// bus nothing is offered.
final class DesktopPlayer: Sendable {
    /// What the desktop is told of an item.
    struct Description: Sendable, Equatable {
        let title: String
        let artists: [String]
        let url: String?

        /// Species as the title, the recordist as the artist, the recording's page.
        static func of(_ recording: Recording) -> Description {
            let title = recording.englishName ?? (recording.scientificName.isEmpty ? "XC" + recording.id : recording.scientificName)
            return Description(title: title, artists: recording.recordist.map { [$0] } ?? [], url: recording.page)
        }

        /// An item known only by its name (a file, a URL).
        static func named(_ name: String) -> Description { Description(title: name, artists: [], url: nil) }

        /// A quiz's question: no name, recordist or page that would give the answer away.
        static let question = Description(title: "Chirper quiz: name this sound", artists: [], url: nil)

        /// Track `number` of the screen's plays (what tells one play from another), `seconds` long.
        func track(number: Int, seconds: Double?) -> MediaTrack {
            MediaTrack(number: number, title: title, artists: artists, url: url, seconds: seconds)
        }
    }

    /// What the desktop sees, whether it has been offered, and which play's events count: one lock, so
    /// the bus is told each state in the order the states were made.
    private let shared = Locked(Shared())
    private let requests: AsyncStream<MediaRequest>.Continuation
    /// The desktop's requests, in order, for the screen to carry out.
    let requested: AsyncStream<MediaRequest>

    private struct Shared {
        var state = MediaPlayerState()
        var offer = Offer.notYet
        /// The play whose events count (browse numbers its plays; a stopped one's late events are stale).
        var play = 0
    }

    private enum Offer {
        case notYet
        case offered(MediaPlayerBus?)
        case closed
    }

    init() {
        (requested, requests) = AsyncStream.makeStream(of: MediaRequest.self)
    }

    /// The state the desktop sees now.
    var current: MediaPlayerState { shared.withLock { $0.state } }

    /// One of the engine's events, of `track`; `canGoNext`: a track follows it; `canGoPrevious`: the
    /// screen takes previous (a track before it, or this one's start). `play`: which of the screen's
    /// plays sent it; others than the last `stopped` named are dropped.
    func apply(_ event: PlaybackEvent, of track: MediaTrack, canGoNext: Bool, canGoPrevious: Bool = true, play: Int = 0) {
        let continuation = requests
        shared.withLock { shared in
            guard play == shared.play else { return }
            shared.state = Self.next(shared.state, track: track, canGoNext: canGoNext, canGoPrevious: canGoPrevious, event: event)
            switch shared.offer {
            case .offered(let player):
                player?.publish(shared.state)
            case .closed:
                break
            case .notYet:
                guard case .started = event else { return }
                shared.offer = .offered(MediaPlayerBus.offer(shared.state) { continuation.yield($0) })
            }
        }
    }

    /// The screen stopped what played (browse's s, a new row); `play` is the next play's number.
    func stopped(nextPlay play: Int) {
        shared.withLock { shared in
            shared.play = play
            shared.state = MediaPlayerState()
            if case .offered(let player) = shared.offer { player?.publish(shared.state) }
        }
    }

    /// Leaves the bus; no more requests come.
    func close() {
        let player = shared.withLock { shared -> MediaPlayerBus? in
            defer { shared.offer = .closed }
            if case .offered(let player) = shared.offer { return player }
            return nil
        }
        player?.close()
        requests.finish()
    }

    /// The desktop's state after `event` of `track`.
    static func next(_ state: MediaPlayerState, track: MediaTrack, canGoNext: Bool, canGoPrevious: Bool = true,
                     event: PlaybackEvent) -> MediaPlayerState {
        var state = state
        switch event {
        case .started(let duration):
            state = MediaPlayerState(status: .playing, track: duration.map { track.lasting($0) } ?? track, position: 0,
                                     canGoNext: canGoNext, canGoPrevious: canGoPrevious, seeks: state.seeks)
        case .position(let elapsed, _):
            state.position = elapsed
        case .jumped(let to):
            if state.track != nil { state.seeks += 1 }
            state.position = to
        case .paused:
            state.status = .paused
        case .resumed:
            state.status = .playing
        case .finished, .failed:
            state.status = .stopped
            state.position = 0
        case .buffering, .settings, .marked:
            break
        }
        return state
    }

    /// What the screen does for a request, given what the desktop sees: a play while playing or a
    /// pause while paused does nothing; a position is for the track it names.
    static func commands(for request: MediaRequest, in state: MediaPlayerState) -> [PlayingModel.Command] {
        switch request {
        case .playPause: return state.track == nil ? [] : [.listen(.togglePause)]
        case .play: return state.status == .paused ? [.listen(.togglePause)] : []
        case .pause: return state.status == .playing ? [.listen(.togglePause)] : []
        case .stop: return [.quit]
        case .next: return state.canGoNext ? [.listen(.next)] : []
        case .previous: return state.canGoPrevious ? [.listen(.previous)] : []
        case .seek(let seconds): return seconds.isFinite ? [.listen(.seek(by: seconds))] : []
        case .setPosition(let track, let seconds):
            guard track == state.track?.objectPath, seconds.isFinite, seconds >= 0 else { return [] }
            if let length = state.track?.seconds, seconds > length { return [] }
            return [.listen(.seek(by: seconds - state.position))]
        }
    }
}

extension MediaTrack {
    /// The same track with the length the stream said.
    func lasting(_ seconds: Double) -> MediaTrack {
        MediaTrack(number: number, title: title, artists: artists, url: url, seconds: seconds)
    }
}
