/// A licence Chirper recognises in the API's `lic` field, as a code and a version. Every link to a
/// licence that Chirper writes is made from this value, never copied from the field, so a server cannot
/// put a link of its choosing into a credit.
public struct KnownLicence: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A Creative Commons licence: its terms in order, "by", "by-nc-sa".
        case creativeCommons(terms: String)
        case zero
        case publicDomainMark
    }

    public var kind: Kind
    public var version: String

    static let terms: Set<String> = ["by", "by-sa", "by-nd", "by-nc", "by-nc-sa", "by-nc-nd"]
    static let versions: Set<String> = ["1.0", "2.0", "2.5", "3.0", "4.0"]

    /// The licence a `lic` field names (`//creativecommons.org/licenses/by-nc-sa/4.0/`, with or without a
    /// scheme), or nil when it is not one Chirper knows.
    public init?(field: String?) {
        guard let field else { return nil }
        var rest = Substring(field.lowercased())
        for prefix in ["https:", "http:"] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        guard rest.hasPrefix("//creativecommons.org/") else { return nil }
        let parts = rest.dropFirst("//creativecommons.org/".count).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 3, Self.versions.contains(parts[2]) else { return nil }
        switch (parts[0], parts[1]) {
        case ("licenses", let terms) where Self.terms.contains(terms): kind = .creativeCommons(terms: terms)
        case ("publicdomain", "zero") where parts[2] == "1.0": kind = .zero
        case ("publicdomain", "mark") where parts[2] == "1.0": kind = .publicDomainMark
        default: return nil
        }
        version = parts[2]
    }

    /// "CC BY-NC-SA 4.0", "CC0 1.0", "Public Domain Mark 1.0".
    public var shortName: String {
        switch kind {
        case .creativeCommons(let terms): return "CC " + terms.uppercased() + " " + version
        case .zero: return "CC0 " + version
        case .publicDomainMark: return "Public Domain Mark " + version
        }
    }

    /// The licence's deed on creativecommons.org, made from the code and version.
    public var link: String {
        switch kind {
        case .creativeCommons(let terms): return "https://creativecommons.org/licenses/\(terms)/\(version)/"
        case .zero: return "https://creativecommons.org/publicdomain/zero/\(version)/"
        case .publicDomainMark: return "https://creativecommons.org/publicdomain/mark/\(version)/"
        }
    }
}
