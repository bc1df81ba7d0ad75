import PlaybackModel
import XenoCanto

extension PlayingModel {
    /// The mark being made on a playing screen.
    public enum Marking: Equatable, Sendable {
        case none
        /// Mark `id`, a point at `at` seconds into item `item`, is kept: the next `m` on that item
        /// makes it the region from there to the point heard then.
        case open(item: Int, at: Double, id: Int64)
    }

    /// What the store did with a mark it was asked to keep.
    public enum MarkOutcome: Equatable, Sendable {
        case kept(id: Int64)
        case notKept(reason: String)
    }

    /// The engine told the point heard when `m` was taken, on queue entry `index`: a point to keep, or the
    /// open point's region to keep in its place.
    public mutating func marked(_ index: Int, at seconds: Double) -> [Command] {
        let item = index % lengths.count
        if case .open(item, let start, let id) = marking, let region = MarkedRegion.between(start, seconds) {
            return [.keepMark(item: item, region: region, replacing: id)]
        }
        guard let point = MarkedRegion(start: seconds, end: seconds) else { return [] }
        return [.keepMark(item: item, region: point, replacing: nil)]
    }

    /// The answer to `keepMark`: a point kept is open until the next `m`; a region kept closes it.
    public mutating func kept(_ item: Int, _ region: MarkedRegion, _ outcome: MarkOutcome) {
        switch outcome {
        case .notKept(let reason):
            markNote = "mark not kept: " + reason
        case .kept(let id) where region.isPoint:
            // The same point again (m twice with nothing between) is the one already placed.
            if marking != .open(item: item, at: region.start, id: id) { place(region, on: item, replacing: nil) }
            marking = .open(item: item, at: region.start, id: id)
            markNote = "mark at " + MarkTime.text(region.start) + ", m again ends it"
        case .kept:
            if case .open(item, let start, _) = marking { place(region, on: item, replacing: MarkedRegion(start: start, end: start)) }
            marking = .none
            markNote = "marked " + MarkTime.range(region)
        }
    }

    /// The marks the library holds on each item (read once the play has begun): places to go to too.
    public mutating func learn(_ marks: [[MarkedRegion]]) {
        for (item, regions) in marks.enumerated() {
            for region in regions where !(item < landmarks.count && landmarks[item].contains(region)) { place(region, on: item, replacing: nil) }
        }
    }

    /// A mark kept is a place `.` and `,` go to, in place of the point it was opened with.
    private mutating func place(_ region: MarkedRegion, on item: Int, replacing point: MarkedRegion?) {
        while landmarks.count <= item { landmarks.append([]) }
        if let point, let index = landmarks[item].firstIndex(of: point) { landmarks[item].remove(at: index) }
        let index = landmarks[item].firstIndex { ($0.start, $0.end) > (region.start, region.end) } ?? landmarks[item].endIndex
        landmarks[item].insert(region, at: index)
    }

    /// `.` to the next mark or annotation after the point heard, `,` to the one before the one heard,
    /// `L` loops the region heard (else the one gone to last).
    mutating func landmark(_ move: LandmarkMove) -> [Command] {
        guard let item else { return [] }
        let places = item < landmarks.count ? landmarks[item] : []
        switch move {
        case .next:
            guard let next = places.first(where: { $0.start > heard + 0.05 }) else {
                markNote = places.isEmpty ? "no marks or annotations (m marks)" : "no mark or annotation after this"
                return []
            }
            return go(to: next)
        case .previous:
            // Half a second of grace: a press just after a jump goes to the one before it.
            guard let previous = places.last(where: { $0.start < heard - 0.5 }) else {
                markNote = places.isEmpty ? "no marks or annotations (m marks)" : "no mark or annotation before this"
                return []
            }
            return go(to: previous)
        case .loop:
            let heardOne = places.last { !$0.isPoint && $0.start <= heard + 0.05 && heard <= $0.end + 0.05 }
            guard let region = heardOne ?? lastLandmark, let section = LoopSection(start: region.start, end: region.end) else {
                markNote = "no region here to loop (. goes to the next)"
                return []
            }
            // The same section again clears the loop (TrackPlayback).
            markNote = listening.loop.section == section ? "loop off" : "looping " + Self.name(region)
            return [.listen(.loopSection(section))]
        }
    }

    private mutating func go(to place: MarkedRegion) -> [Command] {
        lastLandmark = place
        // Taken as heard at once: a second `.` before the engine tells the jump goes on from there.
        heard = place.start
        markNote = "at " + Self.name(place)
        return [.listen(.goTo(place.start))]
    }

    /// "0:01.5–0:03.2 Parus major · song".
    static func name(_ place: MarkedRegion) -> String {
        MarkTime.range(place) + (place.label.isEmpty ? "" : " " + place.label)
    }
}

/// Times of marks as a listener reads them: minutes, seconds and tenths.
public enum MarkTime {
    /// 12.34 → "0:12.3", as a loop's ends are shown.
    public static func text(_ seconds: Double) -> String { LoopSection.clock(max(0, seconds)) }

    /// "0:12.3–0:15.0", or one time for a point.
    public static func range(_ region: MarkedRegion) -> String {
        region.isPoint ? text(region.start) : text(region.start) + "–" + text(region.end)
    }
}
