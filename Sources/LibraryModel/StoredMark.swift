import FoundationEssentials
import XenoCanto

/// What a mark is on: a recording of xeno-canto (by its `XC` number) or a file on this machine (by its
/// absolute path). Its text is the library's key.
public enum MarkSubject: Sendable, Hashable, CustomStringConvertible {
    case recording(number: String)
    case file(path: String)

    /// The library's key: "XC900001", or the path.
    public var key: String {
        switch self {
        case .recording(let number): "XC" + number
        case .file(let path): path
        }
    }

    public var description: String { key }
}

/// A region someone marked, as the library keeps it: its number, what it is on and when it was made.
public struct StoredMark: Sendable, Equatable {
    public var id: Int64
    public var subject: MarkSubject
    public var region: MarkedRegion
    public var made: Date

    public init(id: Int64, subject: MarkSubject, region: MarkedRegion, made: Date) {
        self.id = id
        self.subject = subject
        self.region = region
        self.made = made
    }
}
