import PlaybackModel

/// A queue's play as a value: the entry it is at, where that entry starts when a command asked for a
/// point inside it, the entry after a finished one (asked once, to know whether the queue ends there),
/// whether the request begun at start is still to be offered, and the report so far. One mutating
/// function per input (an entry that would not open, no sound output, an entry's end) returns the steps
/// the queue loop runs, in order. No I/O happens here; `QueueProgressTests` checks it input by input.
struct QueueProgress: Sendable {
    /// The queue's entry to play now.
    private(set) var index: Int
    /// Where that entry starts, when a command asked for a point inside it; nil: its start (or its loop's).
    private(set) var startAt: Double?
    private(set) var report = PlaybackEngine.Report()
    /// Seconds of silence between tracks.
    let gap: Double
    /// The entry after a finished one, as `track` answered.
    private var following: (index: Int, track: PlaybackEngine.Track?)?
    private var firstRequestOffered = false

    /// What the queue loop does, in order.
    enum Step: Equatable, Sendable {
        /// Tell the listener, on the entry that just played.
        case tell(PlaybackEvent)
        /// Let everything written be heard before going on.
        case letItBeHeard
        /// The silence between two tracks.
        case waitOutTheGap
        /// Nothing more plays: the queue ends.
        case endQueue
    }

    init(start: Int, gap: Double) {
        index = start
        self.gap = gap
    }

    /// The entry to play now when it is known already (the one after a finished entry, asked then);
    /// nil: it is to be asked for. Given once.
    mutating func knownTrack() -> PlaybackEngine.Track?? {
        defer { following = nil }
        guard let following, following.index == index else { return nil }
        return .some(following.track)
    }

    /// Whether the request begun at start is offered to the entry taken now: the first only.
    mutating func offersFirstRequest() -> Bool {
        defer { firstRequestOffered = true }
        return !firstRequestOffered
    }

    /// The entry could not be opened: told and counted; the next plays from its start.
    mutating func couldNotOpen(_ error: PlaybackError) -> [Step] {
        report.failed.append((index, error))
        index += 1
        startAt = nil
        return [.tell(.failed(error))]
    }

    /// There is no sound output: nothing can play.
    mutating func noOutput(_ error: PlaybackError) -> [Step] {
        report.failed.append((index, error))
        return [.tell(.failed(error)), .endQueue]
    }

    /// The entry's play ended. A finished entry asks `track` for the next at once: before a gap, and
    /// after the queue's last entry (unless `stopped`), the entry is over when its sound has been heard,
    /// not when it was all written (the output holds up to a second of it).
    mutating func ended(_ ending: PlaybackEngine.Ending, asking track: (Int) async -> PlaybackEngine.Track?,
                        stopped: () -> Bool) async -> [Step] {
        startAt = nil  // the point was this entry's
        switch ending {
        case .finished(let seconds):
            let next = await track(index + 1)
            following = (index + 1, next)
            let steps: [Step] = (gap > 0 || (next == nil && !stopped()) ? [.letItBeHeard] : []) + [.tell(.finished)]
            report.played.append((index, seconds))
            index += 1
            return steps + (gap > 0 ? [.waitOutTheGap] : [])
        case .moved(let to, let seconds, let at):
            if seconds > 0 { report.played.append((index, seconds)) }
            index = to
            startAt = at
            return [.tell(.finished)]
        case .failed(let error, let seconds):
            report.failed.append((index, error))
            report.heardOfFailed += seconds
            index += 1
            return [.tell(.failed(error))] + (report.lostTheSoundServer ? [.endQueue] : [])
        case .stopped(let seconds):
            if seconds > 0 { report.played.append((index, seconds)) }
            return [.endQueue]
        }
    }
}
