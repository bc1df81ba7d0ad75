import DisplayText
import PlaybackModel
import XenoCanto

/// The places in one recording that `.` and `,` go to and `L` loops: its annotations and the marks kept
/// on it, by start, and the one gone to last. Every playing screen (play, queue, compare, browse) moves
/// among them the same way.
public struct Landmarks: Equatable, Sendable {
    public private(set) var places: [MarkedRegion]
    /// The one `.` or `,` went to last: what `L` loops when no region is heard.
    private var lastVisited: MarkedRegion?

    public init(_ places: [MarkedRegion] = []) {
        self.places = places.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The annotations of `recording` a listener asked for (`only`: words of a taxon or sound type; all
    /// when nil), as places to go to.
    public static func annotations(of recording: Recording?, only: String? = nil) -> [MarkedRegion] {
        (recording?.annotatedSounds ?? []).filter { AnnotationFilter.keeps($0, only) }.compactMap { sound in
            MarkedRegion(start: sound.start, end: sound.end, band: sound.band, label: Displayable.line(sound.label))
        }
    }

    /// A mark kept is a place to go to, in place of the point it was opened with.
    public mutating func place(_ region: MarkedRegion, replacing point: MarkedRegion? = nil) {
        if let point, let index = places.firstIndex(of: point) { places.remove(at: index) }
        let index = places.firstIndex { ($0.start, $0.end) > (region.start, region.end) } ?? places.endIndex
        places.insert(region, at: index)
    }

    /// A mark the library kept, with `openedAt` the start of the point open on this recording: a point is
    /// a new place (the open one again, m twice with nothing between, is already placed); a region takes
    /// the place of the point it was opened with.
    public mutating func kept(_ region: MarkedRegion, openedAt: Double?) {
        if region.isPoint {
            if openedAt != region.start { place(region) }
        } else {
            place(region, replacing: openedAt.flatMap { MarkedRegion(start: $0, end: $0) })
        }
    }

    /// The marks the library holds (read once the play has begun), those not yet here.
    public mutating func learn(_ regions: [MarkedRegion]) {
        for region in regions where !places.contains(region) { place(region) }
    }

    /// The track began again: `L` loops what is heard, not what was gone to before.
    public mutating func forgetVisit() { lastVisited = nil }

    /// What a move does from `heard` seconds into the recording, with `loop` in force: the line that
    /// says it, and the command for the player (a jump to the place's start, or a loop set or cleared).
    public mutating func move(_ move: LandmarkMove, heard: Double, loop: LoopSection?) -> (note: String, command: ListeningCommand?) {
        switch move {
        case .next:
            guard let next = places.first(where: { $0.start > heard + 0.05 }) else {
                return (places.isEmpty ? Self.none : "no mark or annotation after this", nil)
            }
            return go(to: next)
        case .previous:
            // Half a second of grace: a press just after a jump goes to the one before it.
            guard let previous = places.last(where: { $0.start < heard - 0.5 }) else {
                return (places.isEmpty ? Self.none : "no mark or annotation before this", nil)
            }
            return go(to: previous)
        case .loop:
            let heardOne = places.last { !$0.isPoint && $0.start <= heard + 0.05 && heard <= $0.end + 0.05 }
            guard let region = heardOne ?? lastVisited, let section = LoopSection(start: region.start, end: region.end) else {
                return ("no region here to loop (. goes to the next)", nil)
            }
            // The same section again clears the loop (TrackPlayback).
            return (loop == section ? "loop off" : "looping " + Self.name(region), .loopSection(section))
        }
    }

    private mutating func go(to place: MarkedRegion) -> (note: String, command: ListeningCommand?) {
        lastVisited = place
        return ("at " + Self.name(place), .goTo(place.start))
    }

    private static let none = "no marks or annotations (m marks)"

    /// "0:01.5–0:03.2 Parus major · song".
    static func name(_ place: MarkedRegion) -> String {
        MarkTime.range(place) + (place.label.isEmpty ? "" : " " + place.label)
    }
}

/// Which annotations a listener asked for: those whose taxon or sound type holds the words, in any case
/// ("parus", "Parus major", "song"); all when none were given.
public enum AnnotationFilter {
    public static func keeps(_ sound: AnnotatedSound, _ words: String?) -> Bool {
        guard let words = words?.trimmed.lowercased(), !words.isEmpty else { return true }
        return sound.taxon.lowercased().contains(words) || (sound.soundType?.lowercased().contains(words) ?? false)
    }
}
