import PlaybackModel
import XenoCanto

/// The mark being made in browse: a point kept on the recording that plays, which the next `m` on it
/// makes a region.
public enum BrowseMarking: Equatable, Sendable {
    case none
    case open(recordingID: String, at: Double, id: Int64)
}

/// The recording that plays in browse, as marks and landmarks need it: which, where it is heard, its
/// annotations and marks, and the mark being made on it.
struct HeardRecording: Equatable, Sendable {
    var id: String?
    var recording: Recording?
    var heard = 0.0
    var landmarks = Landmarks()
    var marking = BrowseMarking.none
    /// The library was asked for its marks on it (once it sounded: off the way to the first sound).
    var marksAsked = false
}

extension BrowseModel {
    /// The mark being made on the recording that plays (`m`).
    public internal(set) var marking: BrowseMarking {
        get { heardRecording.marking }
        set { heardRecording.marking = newValue }
    }

    /// The places `.` and `,` go to in the recording that plays.
    public var landmarks: [MarkedRegion] { heardRecording.landmarks.places }

    /// The player's news of recording `id`: a recording beginning to play brings its annotations; its
    /// first sound asks for the marks the library holds on it; positions and jumps say where it is heard.
    /// News of another row that does not play (a restricted row refused) leaves the one that plays.
    mutating func hear(_ id: String, _ event: PlaybackEvent) -> [BrowseCommand] {
        if heardRecording.id != id {
            switch event {
            case .buffering, .started:
                let recording = rows.first { $0.id == id }?.recording
                heardRecording = HeardRecording(id: id, recording: recording, landmarks: Landmarks(Landmarks.annotations(of: recording)))
            case .position, .jumped, .paused, .resumed, .settings, .marked, .finished, .failed: return []
            }
        }
        switch event {
        case .position(let elapsed, _): heardRecording.heard = elapsed
        case .jumped(let to): heardRecording.heard = to
        case .started:
            heardRecording.landmarks.forgetVisit()
            guard !heardRecording.marksAsked, let recording = heardRecording.recording else { break }
            heardRecording.marksAsked = true
            return [.readMarks(recording)]
        case .buffering, .paused, .resumed, .settings, .marked, .finished, .failed: break
        }
        return []
    }

    /// The marks the library holds on recording `id`, read as it began to play.
    public mutating func learnMarks(_ id: String, _ regions: [MarkedRegion]) {
        guard heardRecording.id == id else { return }
        heardRecording.landmarks.learn(regions)
    }

    /// `.` `,` `L` on the recording that plays, said in the footer.
    mutating func landmark(_ move: LandmarkMove) -> [BrowseCommand] {
        let said = heardRecording.landmarks.move(move, heard: heardRecording.heard, loop: listening.loop.section)
        tell(said.note)
        guard let command = said.command else { return [] }
        // Taken as heard at once: a second `.` before the player tells the jump goes on from there.
        if case .goTo(let start) = command { heardRecording.heard = start }
        return [.listen(command)]
    }

    /// The engine told the point heard when `m` was taken on recording `id`: a point to keep, or the open
    /// point's region in its place.
    mutating func marked(_ id: String, at seconds: Double) -> [BrowseCommand] {
        guard let row = rows.first(where: { $0.id == id }) else { return [] }
        if case .open(id, let start, let mark) = marking, let region = MarkedRegion.between(start, seconds) {
            return [.keepMark(row.recording, region, replacing: mark)]
        }
        guard let point = MarkedRegion(start: seconds, end: seconds) else { return [] }
        return [.keepMark(row.recording, point, replacing: nil)]
    }

    /// What the library did with a mark on recording `id`, said in the footer.
    public mutating func kept(_ id: String, _ region: MarkedRegion, _ outcome: PlayingModel.MarkOutcome) {
        let openedAt: Double? = if case .open(id, let start, _) = marking { start } else { nil }
        switch outcome {
        case .notKept(let reason):
            tell("✗ mark not kept: " + reason)
        case .kept(let mark) where region.isPoint:
            if heardRecording.id == id { heardRecording.landmarks.kept(region, openedAt: openedAt) }
            marking = .open(recordingID: id, at: region.start, id: mark)
            tell("mark at " + MarkTime.text(region.start) + " on XC" + id + ", m again ends it")
        case .kept:
            if heardRecording.id == id { heardRecording.landmarks.kept(region, openedAt: openedAt) }
            marking = .none
            tell("marked " + MarkTime.range(region) + " on XC" + id + " (chirper marks XC" + id + ")")
        }
    }
}
