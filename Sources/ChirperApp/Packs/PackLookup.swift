import ChirperCore
import XenoCanto

/// What a pack is built from, as the command line named it.
public enum PackSource: Sendable, Equatable {
    /// The species found in a query's recordings, chosen among those recordings.
    case query(String)
    /// A file of species names (one a line, or eBird's CSV).
    case species(path: String)
    /// A list of the library, every recording on it.
    case list(String)

    /// How `pack list` and `pack.json` say where a pack came from.
    public var text: String {
        switch self {
        case .query(let query): "--query \(query)"
        case .species(let path): "--species \(path)"
        case .list(let name): "--list \(name)"
        }
    }
}

/// The API's side of a pack build: each species' recordings, asked for within the request budget (the
/// client's pacer), with a line of progress.
struct PackLookup {
    /// A name of the species file left out of the pack, and why, with the names to try instead.
    struct Unmatched: Sendable, Equatable, Codable {
        var name: String
        var reason: String
    }

    struct Found: Sendable {
        /// Each species' recordings, in the order the species came.
        var species: [[Recording]] = []
        var unmatched: [Unmatched] = []
        /// How names were read where the taxonomy read them otherwise than as typed.
        var readings: [String] = []
    }

    let client: any SearchClient
    let progress: PackProgress

    /// At most this many pages of a query are read (500 recordings each).
    static let queryPageLimit = 10

    func recordings(ofQuery text: String) async throws(APIError) -> Found {
        let query = SearchQuery(text)
        var all: [Recording] = []
        var page = 1, pages = 1
        repeat {
            progress.lookingUp("page \(page) of \(pages == 1 && page == 1 ? "?" : String(min(pages, Self.queryPageLimit))) of \(text)",
                               done: page - 1, of: min(pages, Self.queryPageLimit), remaining: min(pages, Self.queryPageLimit) - page + 1)
            let answer = try await client.search(query, page: page, perPage: PageSize.allowed.upperBound)
            all += answer.recordings
            pages = answer.numPages
            page += 1
        } while page <= min(pages, Self.queryPageLimit)
        var order: [String] = [], groups: [String: [Recording]] = [:]
        for recording in all {
            let key = PackSelection.speciesKey(recording)
            guard !key.isEmpty else { continue }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(recording)
        }
        return Found(species: order.compactMap { groups[$0] })
    }

    /// `style`: which English names the lines give.
    func recordings(ofNames names: [SpeciesList.Name], resolver: SpeciesResolver?, area: BirdArea?,
                    style: NameStyle = .ioc) async throws(APIError) -> Found {
        var found = Found()
        var asked = Set<String>()
        for (index, name) in names.enumerated() {
            progress.lookingUp("\(index + 1) of \(names.count): \(name.text)", done: index, of: names.count, remaining: names.count - index)
            let resolution = resolver?.resolve(name.text, area: area)
            switch resolution {
            case .species(let species, let match)?:
                if match.differs(from: name.text) { found.readings.append(NameResolution.species(species, match).explained(name.text, style: style)) }
                // A species named twice (by two of its names) is asked for once.
                guard asked.insert(species.scientific).inserted else { continue }
                found.take(try await recordings(of: species))
            case .choice(let birds)?:
                found.unmatched.append(Unmatched(name: name.text, reason: NameResolution.choice(birds).reading(style: style)
                    + "; name one" + (area == nil ? ", or give --region" : "") + "."))
            case .unknown?, nil:
                // Not a bird the taxonomy knows (a grasshopper, a frog, a bat, a new split), or no taxonomy:
                // xeno-canto is asked, and a miss is offered the taxonomy's nearest names.
                let nearest = if case .unknown(let nearest)? = resolution { nearest } else { [Species]() }
                let offered = nearest.prefix(3).map { "\($0.name(in: style)) (\($0.scientific))" }
                switch try await recordings(of: name) {
                case .unmatched where !offered.isEmpty:
                    found.unmatched.append(Unmatched(name: name.text,
                                                     reason: "not a bird name I know, nor a name on xeno-canto; nearest: \(offered.joined(separator: ", "))"))
                case let outcome:
                    found.take(outcome)
                }
            }
        }
        return found
    }

    fileprivate enum Outcome {
        case matched([Recording])
        case unmatched(Unmatched)
    }

    /// A species the taxonomy named: its recordings by its scientific name (one request), else by its
    /// English name (xeno-canto may file it under another genus).
    private func recordings(of species: Species) async throws(APIError) -> Outcome {
        let wanted = species.scientific.lowercased()
        let answer = try await search("sp:\"\(species.scientific)\"")
        let matching = answer.filter { PackSelection.speciesKey($0) == wanted }
        if !matching.isEmpty { return .matched(matching) }
        let english = Set(species.englishNames.map(SpeciesList.folded))
        let named = try await search("en:\"\(species.english)\"").filter { $0.englishName.map(SpeciesList.folded).map(english.contains) ?? false }
        if !named.isEmpty { return .matched(named) }
        return .unmatched(Unmatched(name: species.english, reason: "no recordings of \(species.english) (\(species.scientific)) on xeno-canto"))
    }

    /// A name the taxonomy does not know: by scientific name, else by English name (a name that looked
    /// scientific may be an English one typed in lower case), compared with case and hyphens forgiven.
    private func recordings(of name: SpeciesList.Name) async throws(APIError) -> Outcome {
        let wanted = SpeciesList.folded(name.text)
        var seen: [Recording] = []
        if case .scientific = name {
            let binomial = wanted.split(separator: " ").prefix(2).map(String.init).joined(separator: " ")
            let answer = try await search("sp:\"\(binomial)\"")
            let matching = answer.filter { SpeciesList.folded(PackSelection.speciesKey($0)) == binomial }
            if !matching.isEmpty { return .matched(matching) }
            seen += answer
        }
        let answer = try await search("en:\"\(name.text)\"")
        let matching = answer.filter { $0.englishName.map(SpeciesList.folded) == wanted }
        if !matching.isEmpty { return .matched(matching) }
        seen += answer
        if seen.isEmpty {
            // Nothing answered the name: ask for its genus (a scientific name) or its longest word, for a name to offer.
            let words = wanted.split(separator: " ").map(String.init)
            let wider = name.isScientific ? words.first.map { "sp:\"\($0)\"" } : words.max { $0.count < $1.count }.map { "en:\"\($0)\"" }
            if let wider, wider.count >= 8 { seen = try await search(wider) }
        }
        let names = Set(seen.compactMap(\.englishName) + seen.map(\.scientificName).filter { !$0.isEmpty })
        let closest = SpeciesList.closest(to: name.text, in: names.sorted())
        return .unmatched(Unmatched(name: name.text, reason: "no recordings by that name" + (closest.map { "; did you mean \($0)?" } ?? "")))
    }

    private func search(_ text: String) async throws(APIError) -> [Recording] {
        try await client.search(SearchQuery(text), page: 1, perPage: PageSize.allowed.upperBound).recordings
    }
}

extension PackLookup.Found {
    fileprivate mutating func take(_ outcome: PackLookup.Outcome) {
        switch outcome {
        case .matched(let recordings): species.append(recordings)
        case .unmatched(let unmatched): self.unmatched.append(unmatched)
        }
    }
}
