import ChirperCore
import Locking
import XenoCanto

/// A search's words that name a species in Chirper's taxonomy (any authority's English name, a short
/// everyday name, a code) ask for that species by its scientific name, the page saying how the words
/// were read. Other words are asked as an English name; when that finds nothing they are tried again as
/// the species nearest to a typo, as a scientific name, then as English names with a hyphen
/// (`SearchQuery.readings`); the first reading that finds recordings answers. Later pages of that query
/// go straight to it.
final class NameReadingClient: SearchClient {
    private let client: any SearchClient
    /// Read when a query first has words: a query of tags alone never loads the taxonomy.
    private let resolver: @Sendable () -> SpeciesResolver?
    /// Each query's reading that answered, and whether its pages say so (not when the words were the
    /// species' own name).
    private let chosen = Locked<[SearchQuery: (alternative: SearchQuery.Alternative, said: Bool)]>([:])

    /// The scientific name and two hyphenations at most: a request each.
    static let readingsTried = 3

    init(_ client: any SearchClient, resolver: @escaping @Sendable () -> SpeciesResolver? = { TaxonomyFile.resolver }) {
        self.client = client
        self.resolver = resolver
    }

    func search(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
        if let (alternative, said) = chosen.withLock({ $0[query] }) {
            var found = try await client.search(alternative.query, page: page, perPage: perPage)
            found.readAs = said ? alternative : nil
            return found
        }
        let named = page == 1 ? species(in: query) : nil
        if let named, !named.isTypo {
            var found = try await client.search(named.alternative.query, page: page, perPage: perPage)
            if !found.recordings.isEmpty {
                chosen.withLock { $0[query] = (named.alternative, named.said) }
                found.readAs = named.said ? named.alternative : nil
                return found
            }
        }
        let found = try await client.search(query, page: page, perPage: perPage)
        guard page == 1, found.recordings.isEmpty else { return found }
        let typo = named.flatMap { $0.isTypo ? [$0.alternative] : nil } ?? []
        // A reading that fails (a refusal, the rate limit) leaves the answer as it was: nothing found.
        for alternative in typo + query.readings.prefix(Self.readingsTried) {
            guard var other = try? await client.search(alternative.query, page: page, perPage: perPage), !other.recordings.isEmpty else { continue }
            chosen.withLock { $0[query] = (alternative, true) }
            other.readAs = alternative
            return other
        }
        return found
    }

    /// The species the query's words name, by the taxonomy, decided by its `area:` or `cnt:` where a
    /// name is several birds'.
    private func species(in query: SearchQuery) -> (alternative: SearchQuery.Alternative, isTypo: Bool, said: Bool)? {
        guard let words = query.words, let resolver = resolver() else { return nil }
        let resolution = resolver.resolve(words, area: query.birdArea)
        guard case .species(let species, let match) = resolution else { return nil }
        let isTypo = if case .typo = match { true } else { false }
        // Said unless the words were the species' English name: a scientific name typed is shown its English one.
        let typedScientific = if case .name(_, .scientific) = match { true } else { false }
        return (SearchQuery.Alternative(species: species.scientific, explained: resolution.explained(words), of: query), isTypo,
                typedScientific || match.differs(from: words))
    }
}

extension SearchQuery {
    /// The area its `area:` or `cnt:` term names, which decides a name several birds share.
    var birdArea: BirdArea? {
        value(of: "area").flatMap(BirdArea.init(area:)) ?? value(of: "cnt").flatMap(BirdArea.init(country:))
    }
}
