import DisplayText
import FoundationEssentials
import Library
import LibraryModel
import Sonogram
import XenoCanto

/// The boxes a sonogram figure draws over a recording: the sounds xeno-canto's annotation sets mark
/// (credited in the title) and the listener's marks from the library (a point as a thin box).
enum SonogramBoxes {
    static func of(_ found: RecordingSource.Found, given argument: String, paths: LibraryPaths = .standard()) -> [SonogramFigure.Box] {
        let annotated = (found.recording?.annotatedSounds ?? []).map { sound in
            SonogramFigure.Box(start: sound.start, end: sound.end, band: sound.band, label: Displayable.line(sound.label), kind: .annotation)
        }
        // A library that cannot be read leaves the marks out, not the picture; none is made to be read.
        let hasLibrary = FileManager.default.fileExists(atPath: paths.database.path)
        let marks = MarkSubjects.of(found, given: argument).flatMap { subject -> [StoredMark]? in
            guard hasLibrary else { return nil }
            return try? SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 2).marks(on: subject)
        } ?? []
        return annotated + marks.enumerated().map { index, mark in
            SonogramFigure.Box(start: mark.region.start, end: mark.region.end, band: mark.region.band,
                               label: mark.region.label.isEmpty ? "mark \(index + 1)" : Displayable.line(mark.region.label), kind: .mark)
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
    /// The region it outlines, for the terminal's picture.
    var region: MarkedRegion? { MarkedRegion(start: start, end: end, band: band, label: label) }
}
