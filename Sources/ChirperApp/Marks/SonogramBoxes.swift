import ChirperCore
import DisplayText
import LibraryModel
import Sonogram
import XenoCanto

/// The boxes a sonogram figure draws over a recording: the sounds xeno-canto's annotation sets mark
/// (credited in the title) and the listener's marks from the library (a point as a thin box).
enum SonogramBoxes {
    static func of(_ found: RecordingSource.Found, given argument: String, paths: LibraryPaths = .standard()) -> [SonogramFigure.Box] {
        let annotated = Landmarks.annotations(of: found.recording).map { SonogramFigure.Box($0, kind: .annotation) }
        // A library that cannot be read leaves the marks out, not the picture; none is made to be read.
        let marks = MarkKeeper(subjects: [MarkSubjects.of(found, given: argument)], paths: paths).stored().first ?? []
        return annotated + marks.enumerated().map { index, region in
            var named = region
            if named.label.isEmpty { named.label = "mark \(index + 1)" }
            return SonogramFigure.Box(named, kind: .mark)
        }
    }

    /// A title line crediting the annotation sets whose boxes are drawn.
    static func credits(_ found: RecordingSource.Found) -> [String] {
        let lines = found.recording.map { Recording.credits($0.annotatedSounds) } ?? []
        guard !lines.isEmpty else { return [] }
        return [Displayable.line("Boxes: " + lines.map { $0.dropFirst("From ".count).dropLast() }.joined(separator: "; "))]
    }

    /// A line under a terminal sonogram saying what its boxes are: "Boxes: 2 annotations, 1 mark
    /// (chirper marks lists them)."
    static func legend(_ boxes: [SonogramFigure.Box]) -> [String] {
        guard !boxes.isEmpty else { return [] }
        let annotations = boxes.filter { $0.kind == .annotation }.count, marks = boxes.count - annotations
        let parts = (annotations > 0 ? ["\(annotations) annotation\(annotations == 1 ? "" : "s")"] : [])
            + (marks > 0 ? ["\(marks) mark\(marks == 1 ? "" : "s")"] : [])
        return ["Boxes: " + parts.joined(separator: ", ") + " (chirper marks lists them)."]
    }
}

extension SonogramFigure.Box {
    init(_ region: MarkedRegion, kind: Kind) {
        self.init(start: region.start, end: region.end, band: region.band, label: Displayable.line(region.label), kind: kind)
    }

    /// The region it outlines, for the terminal's picture.
    var region: MarkedRegion? { MarkedRegion(start: start, end: end, band: band, label: label) }
}
