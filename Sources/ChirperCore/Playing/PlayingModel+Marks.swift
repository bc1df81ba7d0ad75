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
        let openedAt: Double? = if case .open(item, let start, _) = marking { start } else { nil }
        switch outcome {
        case .notKept(let reason):
            markNote = "mark not kept: " + reason
        case .kept(let id) where region.isPoint:
            place(on: item) { $0.kept(region, openedAt: openedAt) }
            marking = .open(item: item, at: region.start, id: id)
            markNote = "mark at " + MarkTime.text(region.start) + ", m again ends it"
        case .kept:
            place(on: item) { $0.kept(region, openedAt: openedAt) }
            marking = .none
            markNote = "marked " + MarkTime.range(region)
        }
    }

    /// Each item's marks and annotations, by start.
    public var landmarks: [[MarkedRegion]] { places.map(\.places) }

    /// The marks the library holds on each item (read once the play has begun): places to go to too.
    public mutating func learn(_ marks: [[MarkedRegion]]) {
        for (item, regions) in marks.enumerated() { place(on: item) { $0.learn(regions) } }
    }

    /// Changes item `item`'s places, made first when it has none.
    private mutating func place(on item: Int, _ change: (inout Landmarks) -> Void) {
        while places.count <= item { places.append(Landmarks()) }
        change(&places[item])
    }

    /// `.` to the next mark or annotation after the point heard, `,` to the one before the one heard,
    /// `L` loops the region heard (else the one gone to last).
    mutating func landmark(_ move: LandmarkMove) -> [Command] {
        guard let item else { return [] }
        let (heard, loop) = (heard, listening.loop.section)
        var said: (note: String, command: ListeningCommand?) = ("", nil)
        place(on: item) { said = $0.move(move, heard: heard, loop: loop) }
        markNote = said.note
        guard let command = said.command else { return [] }
        // Taken as heard at once: a second `.` before the engine tells the jump goes on from there.
        if case .goTo(let start) = command { self.heard = start }
        return [.listen(command)]
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
