import ChirperCore
import Dispatch
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
    /// Where marks are kept, one after another, off the player's thread.
    let queue = DispatchQueue(label: "chirper.marks")

    init(subjects: [MarkSubject?], paths: LibraryPaths = .standard()) {
        self.subjects = subjects
        self.paths = paths
    }

    /// Keeps `region` on item `item` (in place of mark `replacing`, the point it was opened with).
    func keep(_ region: MarkedRegion, item: Int, replacing: Int64?) -> PlayingModel.MarkOutcome {
        guard item < subjects.count, let subject = subjects[item] else {
            return .notKept(reason: "marks are kept on an XC number or a file, and this sound is neither (a URL, or the demo's)")
        }
        return Self.keep(region, on: subject, replacing: replacing, in: SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 2))
    }

    /// Keeps `region` on `subject` in `library`: in place of mark `replacing` when it is still there,
    /// else as a new mark.
    static func keep(_ region: MarkedRegion, on subject: MarkSubject, replacing: Int64?, in library: any LibraryStore) -> PlayingModel.MarkOutcome {
        do throws(LibraryError) {
            if let replacing, let open = try library.marks(on: subject).first(where: { $0.id == replacing }) {
                // A label or band given to the point meanwhile (`marks edit`) stays with its region.
                var closed = region
                if closed.label.isEmpty { closed.label = open.region.label }
                if closed.band == nil, let band = open.region.band { closed = closed.with(band: band) ?? closed }
                if try library.change(mark: replacing, to: closed) { return .kept(id: replacing) }
            }
            guard let id = try library.add(marks: [region], on: subject).first else { return .notKept(reason: "the library kept nothing") }
            return .kept(id: id)
        } catch {
            return .notKept(reason: error.description)
        }
    }

    /// The marks the library holds on each item, read through one connection (none when there is no
    /// library yet: it is not made to be read). Read once the play has begun, off the way to its sound.
    func stored() -> [[MarkedRegion]] {
        guard subjects.contains(where: { $0 != nil }), FileManager.default.fileExists(atPath: paths.database.path) else { return [] }
        let library = SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 2)
        return subjects.map { subject in subject.flatMap { try? library.marks(on: $0).map(\.region) } ?? [] }
    }
}
