import ChirperCore
import DisplayText
import FoundationEssentials
import Library
import LibraryModel

/// Tab after `--pack`, `--list`, `pack show|rm|export` and `list show|rm`: the names the library holds
/// that begin as typed (case forgiven), escaped for bash as the query's words are (`ShellWord`); fish and
/// zsh escape them themselves. No library yet: nothing to offer, and none is made.
public enum ShelfCompletion {
    public enum Shelf: Sendable {
        case pack
        case list
    }

    public static func candidates(_ shelf: Shelf, prefix: String, shell: String?) -> [String] {
        let bash = shell == "bash"
        let typed = (bash ? QueryCompletion.bashWord(prefix) : prefix).lowercased()
        let names = held(shelf).filter { $0.lowercased().hasPrefix(typed) && !$0.unicodeScalars.contains(where: Displayable.isUnsafe) }.sorted()
        return bash ? ShellWord.bashReplies(names) : names
    }

    static func held(_ shelf: Shelf) -> [String] {
        let paths = LibraryPaths.standard()
        guard FileManager.default.fileExists(atPath: paths.database.path) else { return [] }
        let library = SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 1)
        switch shelf {
        case .pack: return ((try? library.packs()) ?? []).map(\.name.text)
        case .list: return ((try? library.lists()) ?? []).map(\.name.text)
        }
    }
}
