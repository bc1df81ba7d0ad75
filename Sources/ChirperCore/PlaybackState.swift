import PlaybackModel

/// Where one row's playback stands. `playing` cannot exist without a position.
public enum PlaybackState: Equatable, Sendable {
    case idle
    case buffering(progress: Double?)
    case playing(PlaybackPosition)
    case paused(PlaybackPosition)
    case failed(PlaybackError)

    /// Buffering, playing or paused: the row that holds the sound device.
    public var isActive: Bool {
        switch self {
        case .buffering, .playing, .paused: return true
        case .idle, .failed: return false
        }
    }

    /// Where a playing or paused row is.
    public var position: PlaybackPosition? {
        switch self {
        case .playing(let position), .paused(let position): return position
        case .idle, .buffering, .failed: return nil
        }
    }

    /// The state after one event from the player.
    public func applying(_ event: PlaybackEvent, knownDuration: Double?) -> PlaybackState {
        switch (event, self) {
        case (.buffering(let progress), _):
            return .buffering(progress: progress)
        case (.started(let duration), _):
            return .playing(PlaybackPosition(elapsed: 0, duration: duration ?? knownDuration))
        case (.position(let elapsed, let duration), .paused):
            return .paused(PlaybackPosition(elapsed: elapsed, duration: duration ?? knownDuration))
        case (.position(let elapsed, let duration), _):
            return .playing(PlaybackPosition(elapsed: elapsed, duration: duration ?? knownDuration))
        case (.jumped(let to), .paused(let position)):
            return .paused(PlaybackPosition(elapsed: to, duration: position.duration))
        case (.jumped(let to), .playing(let position)):
            return .playing(PlaybackPosition(elapsed: to, duration: position.duration))
        case (.jumped, _):
            return self
        case (.paused, .playing(let position)):
            return .paused(position)
        case (.resumed, .paused(let position)):
            return .playing(position)
        case (.paused, _), (.resumed, _):
            return self
        case (.settings, _), (.marked, _):
            return self  // speed and loop are the session's, shown beside the row's state
        case (.finished, _):
            return .idle
        case (.failed(let error), _):
            return .failed(error)
        }
    }
}

public struct PlaybackPosition: Equatable, Sendable {
    public var elapsed: Double
    public var duration: Double?

    public init(elapsed: Double, duration: Double?) {
        self.elapsed = elapsed
        self.duration = duration
    }

    /// 0...1 when the duration is known.
    public var fraction: Double? {
        guard let duration, duration > 0 else { return nil }
        return min(1, max(0, elapsed / duration))
    }
}
