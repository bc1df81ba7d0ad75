import ChirperCore
import LibraryModel
import XenoCanto

/// What browse keeps in the library: the list `f` stars into (`starred`) and the plays. The real one is
/// the library's; a test may give its own, or none (nothing kept).
protocol BrowseLibrary: Sendable {
    /// The XC numbers starred now; nil when the list cannot be read (why goes to `star`'s answer).
    func starred() async -> Set<String>?
    /// Stars or unstars `recording` on `list`; nil when it is kept, else why not, for the footer.
    func star(_ recording: Recording, list: String, on: Bool) async -> String?
    func remember(play recording: Recording) async
    func remember(search query: String) async
    /// The searches remembered, newest first.
    func pastSearches() async -> [String]
}

/// The library, opened on first use (browse's first frame does not wait for it).
final class LibraryForBrowse: BrowseLibrary {
    static let list = PackName(BrowseModel.starredList)!
    /// Started on first use, kept while browse runs.
    private let process = LibraryProcess()

    private func library() throws(LibraryError) -> LibraryProcess { process }

    func starred() async -> Set<String>? {
        try? library().members(ofList: Self.list)
    }

    func star(_ recording: Recording, list: String, on: Bool) async -> String? {
        guard let name = PackName(list) else { return "✗ not starred: \"\(list)\" cannot be a list's name: give \(PackName.rule)" }
        do {
            let library = try library()
            if on { _ = try library.add(recording, toList: name) } else { _ = try library.remove(ids: [recording.id], fromList: name) }
            return nil
        } catch {
            return "✗ not starred: " + error.description
        }
    }

    func remember(search query: String) async {
        try? library().remember(search: query)
    }

    func pastSearches() async -> [String] {
        (try? library().searches(limit: 100)) ?? []
    }

    func remember(play recording: Recording) async {
        try? library().remember(play: recording)
    }
}
