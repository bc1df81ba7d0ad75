import ChirperCore
import DisplayText
import FoundationEssentials
import Library
import LibraryModel
import XenoCanto

/// Where a playing screen keeps the marks made with `m`: the library, on each item's subject. The
/// library is opened by the first mark, so a play without marks never opens it.
struct MarkKeeper: Sendable {
    /// What each item's marks are on; nil for an item with nowhere to keep them (a URL).
    let subjects: [MarkSubject?]
    let paths: LibraryPaths

    init(subjects: [MarkSubject?], paths: LibraryPaths = .standard()) {
        self.subjects = subjects
        self.paths = paths
    }

    /// Keeps `region` on item `item` (in place of mark `replacing`, the point it was opened with).
    func keep(_ region: MarkedRegion, item: Int, replacing: Int64?) -> PlayingModel.MarkOutcome {
        guard item < subjects.count, let subject = subjects[item] else {
            return .notKept(reason: "a sound played from a URL has no place in the library (play its XC number or a file)")
        }
        return Self.keep(region, on: subject, replacing: replacing, in: SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 2))
    }

    /// Keeps `region` on `subject` in `library`: in place of mark `replacing` when it is still there,
    /// else as a new mark.
    static func keep(_ region: MarkedRegion, on subject: MarkSubject, replacing: Int64?, in library: any LibraryStore) -> PlayingModel.MarkOutcome {
        do throws(LibraryError) {
            if let replacing, try library.change(mark: replacing, to: region) { return .kept(id: replacing) }
            guard let id = try library.add(marks: [region], on: subject).first else { return .notKept(reason: "the library kept nothing") }
            return .kept(id: id)
        } catch {
            return .notKept(reason: error.description)
        }
    }

    /// The places `.` and `,` go to in a recording: the sounds its annotation sets mark and the marks the
    /// library holds on it (none read when there is no library yet: it is not made to be read).
    /// `only`: the annotations of this taxon or sound type alone (`AnnotationFilter`).
    static func landmarks(of recording: Recording?, on subject: MarkSubject?, only: String? = nil, paths: LibraryPaths = .standard()) -> [MarkedRegion] {
        let annotated = (recording?.annotatedSounds ?? []).filter { AnnotationFilter.keeps($0, only) }.compactMap { sound in
            MarkedRegion(start: sound.start, end: sound.end, band: sound.band, label: Displayable.line(sound.label))
        }
        guard let subject, FileManager.default.fileExists(atPath: paths.database.path),
              let marks = try? SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 2).marks(on: subject) else { return annotated }
        return annotated + marks.map(\.region)
    }
}

/// Which annotations a listener asked for: those whose taxon or sound type holds the words, in any case
/// ("parus", "Parus major", "song"); all when none were given.
enum AnnotationFilter {
    static func keeps(_ sound: AnnotatedSound, _ words: String?) -> Bool {
        guard let words = words?.trimmed.lowercased(), !words.isEmpty else { return true }
        return sound.taxon.lowercased().contains(words) || (sound.soundType?.lowercased().contains(words) ?? false)
    }
}
