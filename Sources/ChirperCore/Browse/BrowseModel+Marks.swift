import PlaybackModel
import XenoCanto

/// The mark being made in browse: a point kept on the recording that plays, which the next `m` on it
/// makes a region.
public enum BrowseMarking: Equatable, Sendable {
    case none
    case open(recordingID: String, at: Double, id: Int64)
}

extension BrowseModel {
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
        switch outcome {
        case .notKept(let reason):
            tell("✗ mark not kept: " + reason)
        case .kept(let mark) where region.isPoint:
            marking = .open(recordingID: id, at: region.start, id: mark)
            tell("mark at " + MarkTime.text(region.start) + " on XC" + id + ", m again ends it")
        case .kept:
            marking = .none
            tell("marked " + MarkTime.range(region) + " on XC" + id + " (chirper marks XC" + id + ")")
        }
    }
}
