import FoundationEssentials
import SystemAccess
import XenoCanto

/// Where the library keeps its database and the packs' files: `$XDG_DATA_HOME/chirper`, else
/// `~/.local/share/chirper`. A pack's name becomes a folder name here and nowhere else.
public struct LibraryPaths: Sendable, Equatable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// `variable`: the environment's value of a name (the process's own, unless a caller gives another).
    public static func standard(variable: (String) -> String? = EnvironmentVariable.value) -> LibraryPaths {
        let base = variable("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? ((variable("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/share")
        return LibraryPaths(folder: URL(fileURLWithPath: base).appendingPathComponent("chirper", isDirectory: true))
    }

    public var database: URL { folder.appendingPathComponent("library.sqlite") }
    public var packs: URL { folder.appendingPathComponent("packs", isDirectory: true) }

    /// The folder of pack `name` (a checked `PackName`, so it lies directly inside `packs`).
    public func folder(ofPack name: PackName) -> URL { packs.appendingPathComponent(name.text, isDirectory: true) }
}

/// A pack's or a list's name as a person typed it, checked once: letters, digits, space, `-`, `_` and
/// `.`, not starting with a dot, at most 64 characters. So it is a folder name with no surprises.
public struct PackName: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    public init?(_ text: String) {
        let trimmed = text.trimmed
        // 64 characters, and bytes enough that `.NAME.building` stays within a file name's 255.
        guard !trimmed.isEmpty, trimmed.count <= 64, trimmed.utf8.count <= 200, !trimmed.hasPrefix("."),
              trimmed.unicodeScalars.allSatisfy({ Self.allowed($0) }) else { return nil }
        self.text = trimmed
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " -_.".unicodeScalars.contains(scalar)
    }

    public var description: String { text }

    public static let rule = "a name of letters, digits, spaces, '-', '_' and '.', up to 64 characters, not starting with '.'"
}
