/// A value as D-Bus carries it, of the few types MPRIS's properties use.
public indirect enum BusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case int64(Int64)
    case double(Double)
    case boolean(Bool)
    case strings([String])
    /// a{sv}: names to variants, in order.
    case dictionary([BusEntry])

    /// Its D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int64: "x"
        case .double: "d"
        case .boolean: "b"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }
}

/// One entry of an a{sv} dictionary.
public struct BusEntry: Equatable, Sendable {
    public let key: String
    public let value: BusValue

    public init(_ key: String, _ value: BusValue) {
        self.key = key
        self.value = value
    }
}

extension [BusEntry] {
    /// The value under `key`, if any.
    public subscript(key: String) -> BusValue? { first { $0.key == key }?.value }
}
