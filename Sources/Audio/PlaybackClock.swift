/// Where the listener is in the recording, read from the output stream's clock (seconds played). The
/// stream's time and the recording's differ by the speed, and by every jump: a seek, and a loop's
/// return from its end to its start, which is heard later than it is written. So the clock keeps
/// anchors: at stream time `stream`, the recording is at `recording` and runs `rate` seconds per
/// second played. An anchor is set at the stream time where the sound it stands for will be heard,
/// which the engine knows as it writes (`Session.inputEnd`).
struct PlaybackClock: Equatable {
    struct Anchor: Equatable {
        var stream: Double
        var recording: Double
        /// Recording seconds heard before this anchor (a loop replays: heard grows, position returns).
        var heard: Double
    }
    private(set) var anchors: [Anchor]
    let rate: Double

    /// Sound for `recording` seconds into the recording enters the stream at `stream`, at `rate`.
    init(stream: Double, recording: Double, rate: Double, heard: Double = 0) {
        anchors = [Anchor(stream: stream, recording: recording, heard: heard)]
        self.rate = rate
    }

    /// The recording jumps to `recording` at stream time `stream` (a loop's join, written now and
    /// heard when the stream gets there). Anchors the stream has passed by `played` are let go, all but
    /// the one in force: what is kept is the joins still to be heard, at most a buffer's worth.
    mutating func jump(to recording: Double, at stream: Double, played: Double) {
        let heard = heard(at: stream)
        if let inForce = anchors.lastIndex(where: { $0.stream <= played }), inForce > 0 { anchors.removeFirst(inForce) }
        anchors.append(Anchor(stream: stream, recording: recording, heard: heard))
    }

    /// The anchor in force at stream time `played`: the last one reached (the first before any).
    private func anchor(at played: Double) -> Anchor {
        anchors.last { $0.stream <= played } ?? anchors[0]
    }

    /// Seconds into the recording of what is heard at stream time `played`.
    func position(at played: Double) -> Double {
        let anchor = anchor(at: played)
        return anchor.recording + max(0, played - anchor.stream) * rate
    }

    /// Recording seconds heard by stream time `played`, replays counted.
    func heard(at played: Double) -> Double {
        let anchor = anchor(at: played)
        return anchor.heard + max(0, played - anchor.stream) * rate
    }
}
