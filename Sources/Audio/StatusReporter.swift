/// What the status line is told after each write of sound: buffering while the sound server has run dry
/// (the input is slower than the sound, so the listener hears nothing), else the position, every quarter
/// of a second and at once when the sound comes back. Without it a trickle of bytes showed "playing"
/// while the sound came in bits.
struct StatusReporter {
    /// How often the position is reported while sound plays.
    static let positionEvery = 0.25
    private var lastPosition: Double?
    private var starving = false

    /// The event to report, if any, after a write. `starved`: the output's `isStarved`.
    mutating func afterWrite(starved: Bool, elapsed: Double, duration: Double?) -> PlaybackEvent? {
        if starved {
            guard !starving else { return nil }
            starving = true
            return .buffering(progress: nil)
        }
        if !starving, let lastPosition, elapsed - lastPosition < Self.positionEvery { return nil }
        starving = false
        lastPosition = elapsed
        return .position(elapsed: elapsed, duration: duration)
    }

    /// The position jumped (a seek): report the new one with the next write.
    mutating func positionMoved() {
        lastPosition = nil
    }
}
