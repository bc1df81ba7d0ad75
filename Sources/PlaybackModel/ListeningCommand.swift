/// What a listener asks of whatever plays, on every screen that plays.
public enum ListeningCommand: Equatable, Sendable {
    case togglePause
    /// The next track of the queue.
    case next
    /// The previous track, or the start of this one when more than a few seconds in.
    case previous
    /// Seconds forward (or back, negative) in the playing track.
    case seek(by: Double)
    /// Volume up (or down, negative), as a share of full volume.
    case volume(by: Double)
    /// Slower, faster, halve, double, 1×, tape or pitch kept.
    case speed(PlaybackSpeed.Change)
    /// The loop's start, then its end (and looping), then none.
    case markLoop
    /// `m`: the point heard now, told back as a `marked` event (what the screen keeps as a mark).
    case mark
    /// To this second of the recording (`.` and `,`: a mark's or an annotation's start).
    case goTo(Double)
    /// Loop this section from its start (`L`: a mark's or an annotation's region); the same again clears it.
    case loopSection(LoopSection)
    /// Compare's Tab: the other recording, at the same point of its length.
    case otherSide
    /// Track `index` of the queue from `seconds` into it (what `otherSide` becomes once the screen
    /// knows what plays).
    case play(index: Int, from: Double)
}
