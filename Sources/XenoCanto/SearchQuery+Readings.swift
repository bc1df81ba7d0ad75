/// Other ways to read a query's untagged words, for when reading them as an English name finds
/// nothing: birders type scientific names bare (`parus major`) and leave out the hyphens of English
/// ones (`rufous bellied thrush` for Rufous-bellied Thrush).
extension SearchQuery {
    /// How the words were read in the end, for the listing to say so.
    public enum Reading: Sendable, Equatable, Hashable {
        /// As a scientific name: `sp:"parus major"`.
        case scientific
        /// One word as a genus: `gen:turdus`.
        case genus
        /// As an English name with hyphens the words left out: `en:"rufous-bellied thrush"`.
        case hyphenated(String)
        /// As the species Chirper's taxonomy names ("Blackbird → Common Blackbird, Turdus merula"):
        /// `sp:"turdus merula"`.
        case species(explained: String)
    }
}

extension SearchQuery.Reading {
    /// What a line with no room for the query says: "read as a scientific name".
    public var shortDescription: String {
        switch self {
        case .scientific: "read as a scientific name"
        case .genus: "read as a genus"
        case .hyphenated: "read with a hyphen"
        case .species(let explained): explained
        }
    }
}

extension SearchQuery {
    /// A reading and the query it sends.
    public struct Alternative: Sendable, Equatable, Hashable {
        public var reading: Reading
        public var query: SearchQuery

        /// What the listing says of it: "no English name matched: searched as sp:"parus major"".
        public var description: String {
            switch reading {
            case .scientific: "no English name matched: searched as the scientific name " + query.text
            case .genus: "no English name matched: searched as the genus " + query.text
            case .hyphenated(let name): "searched as " + name
            case .species(let explained): explained
            }
        }
    }

    /// The value of the query's first `tag:` term ("europe" of `area:europe`), quotes removed.
    public func value(of tag: String) -> String? {
        for term in terms where term.lowercased().hasPrefix(tag + ":") {
            return String(term.dropFirst(tag.count + 1).filter { $0 != "\"" })
        }
        return nil
    }

    /// The readings to try in order, each with the query it sends: the scientific name when the words
    /// could be one (two or three Latin-letter words), or the genus for one such word; then each English
    /// name with one space made a hyphen. Empty when the query has no words.
    public var readings: [Alternative] {
        guard let words else { return [] }
        let parts = words.split(separator: " ").map(String.init)
        var readings: [Alternative] = []
        let latin = parts.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } }
        if latin, (2...3).contains(parts.count) {
            readings.append(Alternative(reading: .scientific, query: SearchQuery(terms: [Self.term("sp", words)] + terms)))
        } else if parts.count == 1, words.allSatisfy({ $0.isASCII && $0.isLetter }) {
            readings.append(Alternative(reading: .genus, query: SearchQuery(terms: [Self.term("gen", words)] + terms)))
        }
        for gap in parts.indices.dropLast() where !parts[gap].hasSuffix("-") && !parts[gap + 1].hasPrefix("-") {
            let name = (parts[...gap].joined(separator: " ") + "-" + parts[(gap + 1)...].joined(separator: " "))
            readings.append(Alternative(reading: .hyphenated(name), query: SearchQuery(terms: [Self.term("en", name)] + terms)))
        }
        return readings
    }
}

extension SearchQuery.Alternative {
    /// The words read as the species `scientific`, sent as `sp:"…"` beside the query's other terms.
    public init(species scientific: String, explained: String, of query: SearchQuery) {
        self.init(reading: .species(explained: explained), query: SearchQuery(terms: [SearchQuery.term("sp", scientific)] + query.terms))
    }
}
