extension StringProtocol {
    /// The text without the whitespace (spaces, tabs, newlines, Unicode spaces) at either end, as
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without Foundation.
    public var trimmed: String { trimmed(where: \.properties.isWhitespace) }

    /// The text without the scalars `drop` picks at either end.
    public func trimmed(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }),
              let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
