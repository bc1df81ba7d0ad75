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

        /// Species as the title, the recordist as the artist, the recording's page (made from its
        /// number's digits, never taken from the answer).
        static func of(_ recording: Recording) -> Description {
            let title = recording.englishName ?? (recording.scientificName.isEmpty ? "XC" + recording.id : recording.scientificName)
            let digits = recording.id.filter(\.isASCII).filter(\.isNumber)
            return Description(title: title, artists: recording.recordist.map { [$0] } ?? [],
                               url: digits.isEmpty ? nil : "https://xeno-canto.org/" + digits)
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

    private let state = Locked(MediaPlayerState())
    private let bus = Locked(Offer.notYet)
    private let requests: AsyncStream<MediaRequest>.Continuation
    /// The desktop's requests, in order, for the screen to carry out.
    let requested: AsyncStream<MediaRequest>

    private enum Offer {
        case notYet
        case offered(MediaPlayerBus?)
        case closed
    }

    init() {
        (requested, requests) = AsyncStream.makeStream(of: MediaRequest.self)
    }

    /// The state the desktop sees now.
    var current: MediaPlayerState { state.withLock { $0 } }

    /// One of the engine's events, of `track`; `canGoNext`: a track follows it.
    func apply(_ event: PlaybackEvent, of track: MediaTrack, canGoNext: Bool) {
        let new = state.withLock { state -> MediaPlayerState in
            state = Self.next(state, track: track, canGoNext: canGoNext, event: event)
            return state
        }
        let offered = bus.withLock { offer -> MediaPlayerBus? in
            switch offer {
            case .offered(let player): return player
            case .closed: return nil
            case .notYet:
                guard case .started = event else { return nil }
                let continuation = requests
                offer = .offered(MediaPlayerBus.offer(new) { continuation.yield($0) })
                return nil
            }
        }
        offered?.publish(new)
    }

    /// Leaves the bus; no more requests come.
    func close() {
        let player = bus.withLock { offer -> MediaPlayerBus? in
            defer { offer = .closed }
            if case .offered(let player) = offer { return player }
            return nil
        }
        player?.close()
        requests.finish()
    }

    /// The desktop's state after `event` of `track`.
    static func next(_ state: MediaPlayerState, track: MediaTrack, canGoNext: Bool, event: PlaybackEvent) -> MediaPlayerState {
        var state = state
        switch event {
        case .started(let duration):
            state = MediaPlayerState(status: .playing, track: duration.map { track.lasting($0) } ?? track, position: 0,
                                     canGoNext: canGoNext, canGoPrevious: true)
        case .position(let elapsed, _):
            state.position = elapsed
        case .paused:
            state.status = .paused
        case .resumed:
            state.status = .playing
        case .finished, .failed:
            state.status = .stopped
            state.position = 0
        case .buffering, .settings:
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
        case .next: return [.listen(.next)]
        case .previous: return [.listen(.previous)]
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
