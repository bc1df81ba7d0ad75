import ChirperCore
import Dispatch
import Library
import LibraryModel
import XenoCanto

/// What browse keeps in the library: the list `f` stars into (`starred`) and the plays. The real one is
/// the library's; a test may give its own, or none (nothing kept).
protocol BrowseLibrary: Sendable {
    /// The XC numbers starred now; nil when the list cannot be read (why goes to `star`'s answer).
    func starred() async -> Set<String>?
    /// Stars or unstars `recording` on `list`; nil when it is kept, else why not, for the footer.
    func star(_ recording: Recording, list: String, on: Bool) async -> String?
    /// Remembers a play, a search; nil when kept, else why not.
    func remember(play recording: Recording) async -> String?
    func remember(search query: String) async -> String?
    /// The searches remembered, newest first.
    func pastSearches() async -> [String]
    /// Keeps a mark made with `m` on `recording` (in place of mark `replacing`).
    func keep(_ region: MarkedRegion, on recording: Recording, replacing: Int64?) async -> PlayingModel.MarkOutcome
    /// The marks kept on `recording`; none when the library cannot say.
    func marks(on recording: Recording) async -> [MarkedRegion]
}

extension BrowseLibrary {
    func keep(_ region: MarkedRegion, on recording: Recording, replacing: Int64?) async -> PlayingModel.MarkOutcome {
        .notKept(reason: "this library keeps no marks")
    }

    func marks(on recording: Recording) async -> [MarkedRegion] { [] }
}

/// The library, opened on first use (browse's first frame does not wait for it).
final class LibraryForBrowse: BrowseLibrary {
    static let list = PackName(BrowseModel.starredList)!
    /// Opened on first use, kept while browse runs.
    private let library = SQLiteLibrary(openingOnFirstUse: .standard())
    /// The library's answers are awaited off the tasks that run browse and the player, one request
    /// after another (the loop asks its writes in order, and waits for them before it ends).
    private let queue = DispatchQueue(label: "chirper.library")

    private func off<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: work()) } }
    }

    func starred() async -> Set<String>? {
        await off { try? self.library.members(ofList: Self.list) }
    }

    func star(_ recording: Recording, list: String, on: Bool) async -> String? {
        guard let name = PackName(list) else { return "✗ not starred: \"\(list)\" cannot be a list's name: give \(PackName.rule)" }
        return await off { () -> String? in
            do throws(LibraryError) {
                if on { _ = try self.library.add(recording, toList: name) } else { _ = try self.library.remove(ids: [recording.id], fromList: name) }
                return nil
            } catch {
                return "✗ not starred: " + error.description
            }
        }
    }

    func remember(search query: String) async -> String? {
        await off { () -> String? in
            do throws(LibraryError) { try self.library.remember(search: query) } catch { return error.description }
            return nil
        }
    }

    func pastSearches() async -> [String] {
        await off { (try? self.library.searches(limit: 100)) ?? [] }
    }

    func keep(_ region: MarkedRegion, on recording: Recording, replacing: Int64?) async -> PlayingModel.MarkOutcome {
        await off { MarkKeeper.keep(region, on: .recording(number: recording.id), replacing: replacing, in: self.library) }
    }

    func marks(on recording: Recording) async -> [MarkedRegion] {
        await off { (try? self.library.marks(on: .recording(number: recording.id)).map(\.region)) ?? [] }
    }

    func remember(play recording: Recording) async -> String? {
        await off { () -> String? in
            do throws(LibraryError) { try self.library.remember(play: recording) } catch { return error.description }
            return nil
        }
    }
}
