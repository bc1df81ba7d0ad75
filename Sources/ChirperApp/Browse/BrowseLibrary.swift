import LibraryModel
import XenoCanto

/// What browse keeps in the library: the list `f` stars into (`starred`) and the plays. The real one is
/// the library's; a test may give its own, or none (nothing kept).
protocol BrowseLibrary: Sendable {
    /// The XC numbers starred now; nil when the list cannot be read (why goes to `star`'s answer).
    func starred() async -> Set<String>?
    /// Stars or unstars `recording`; nil when it is kept, else why not, for the footer.
    func star(_ recording: Recording, on: Bool) async -> String?
    func remember(play recording: Recording) async
}

/// The library, opened on first use (browse's first frame does not wait for it).
final class LibraryForBrowse: BrowseLibrary {
    static let list = PackName("starred")!
    /// Started on first use, kept while browse runs.
    private let process = LibraryProcess()

    private func library() throws(LibraryError) -> LibraryProcess { process }

    func starred() async -> Set<String>? {
        try? library().members(ofList: Self.list)
    }

    func star(_ recording: Recording, on: Bool) async -> String? {
        do {
            let library = try library()
            if on { _ = try library.add(recording, toList: Self.list) } else { _ = try library.remove(ids: [recording.id], fromList: Self.list) }
            return nil
        } catch {
            return "✗ not starred: " + error.description
        }
    }

    func remember(play recording: Recording) async {
        try? library().remember(play: recording)
    }
}
