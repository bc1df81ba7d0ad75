import PlaybackModel

/// How often the position is told while a track is heard: at most every quarter of a second (it is
/// asked after each write, about twice a second), and at once after a seek. Whether it is heard at all
/// (not opening, buffering or paused) is the engine's state to say; this only keeps the cadence.
struct StatusReporter {
    /// How often the position is reported while sound plays.
    static let positionEvery = 0.25
    private var lastPosition: Double?

    /// The position event to report after a write of sound, if one is due.
    mutating func position(elapsed: Double, duration: Double?) -> PlaybackEvent? {
        if let lastPosition, elapsed - lastPosition < Self.positionEvery { return nil }
        lastPosition = elapsed
        return .position(elapsed: elapsed, duration: duration)
    }

    /// The position jumped (a seek): report the new one with the next write.
    mutating func positionMoved() {
        lastPosition = nil
    }
}
