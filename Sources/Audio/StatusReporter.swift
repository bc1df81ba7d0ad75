/// What the status line is told after each write of sound: buffering once the sound server has been dry
/// for a fifth of a second (the input is slower than the sound, so the listener hears nothing), else the
/// position, every quarter of a second and at once when the sound comes back. Without it a trickle of
/// bytes showed "playing" while the sound came in bits. A shorter dry spell (a busy machine late with
/// the first pieces) is refilled at once and not worth a flicker of the status line.
struct StatusReporter {
    /// How often the position is reported while sound plays.
    static let positionEvery = 0.25
    /// How long the server must have been dry before buffering is shown.
    static let starvedLongEnough = Duration.milliseconds(200)
    private var lastPosition: Double?
    private var starving = false

    /// The event to report, if any, after a write. `starvedFor`: the output's `starvedFor`.
    mutating func afterWrite(starvedFor: Duration?, elapsed: Double, duration: Double?) -> PlaybackEvent? {
        if let starvedFor {
            guard !starving, starvedFor >= Self.starvedLongEnough else { return nil }
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
