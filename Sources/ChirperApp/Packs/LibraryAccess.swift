import Library
import LibraryModel

/// The library as the commands open it: its failures become messages that name the file, exit 6.
enum LibraryAccess {
    /// The library, opened by its first request.
    static func open(_ paths: LibraryPaths) throws(CommandFailure) -> any LibraryStore {
        SQLiteLibrary(openingOnFirstUse: paths)
    }

    static func run<T>(_ work: () throws(LibraryError) -> T) throws(CommandFailure) -> T {
        do { return try work() } catch { throw failure(error) }
    }

    static func name(_ text: String) throws(CommandFailure) -> PackName {
        guard let name = PackName(text) else {
            throw CommandFailure(message: "chirper: \"\(text)\" cannot be a name: give \(PackName.rule).", exitCode: .usage)
        }
        return name
    }

    static func failure(_ error: LibraryError) -> CommandFailure {
        CommandFailure(message: "chirper: " + error.description, exitCode: .library)
    }
}
