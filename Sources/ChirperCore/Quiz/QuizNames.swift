import XenoCanto

/// A species of the quiz's set, by both its names.
public struct QuizSpecies: Sendable, Hashable {
    /// "Parus major": the card's key.
    public var scientific: String
    public var english: String?

    public init(scientific: String, english: String?) {
        self.scientific = scientific
        self.english = english
    }

    public var names: [String] { [english, scientific].compactMap { $0 } }
    /// "Great Tit (Parus major)", or the scientific name alone.
    public var shown: String { english.map { "\($0) (\(scientific))" } ?? scientific }
}

/// Which species a typed answer names, forgiving case, hyphens and small typos; and Tab's completions.
public struct QuizNames: Sendable {
    public let species: [QuizSpecies]
    /// The taxonomy's reading of names, so that an answer may be any name of a species (eBird's, a
    /// short everyday one, a code); nil where there is no taxonomy file, and the set's own names serve.
    public let resolver: SpeciesResolver?

    /// Whether `scientific` is a species of the set.
    public func contains(_ scientific: String) -> Bool { species.contains { $0.scientific == scientific } }

    /// "Great Tit (Parus major)" for a species of the set, else the name as it is.
    public func shown(_ scientific: String) -> String { species.first { $0.scientific == scientific }?.shown ?? scientific }

    /// "Great Tit" for a species of the set (its scientific name without an English one), else the name as it is.
    public func short(_ scientific: String) -> String {
        species.first { $0.scientific == scientific }.map { $0.english ?? $0.scientific } ?? scientific
    }

    public init(_ species: [QuizSpecies], resolver: SpeciesResolver? = nil) {
        self.species = species
        self.resolver = resolver
    }

    /// The species `typed` names: any name the taxonomy knows it by, else the set's name nearest to it
    /// when near enough (one edit in a short name, two in a longer one); nil for an answer that names
    /// none of the set.
    public func species(named typed: String) -> QuizSpecies? {
        let key = NameKey(typed)
        if let own = species.first(where: { bird in bird.names.contains { NameKey($0) == key } }) { return own }
        switch resolver?.resolve(typed) {
        case .species(let bird, let match)?:
            if let own = own(bird) { return own }
            // A bird outside the set, named as it is written, is a wrong answer; a guess at a typo may
            // be nearer to a name of the set.
            if case .typo = match {} else { return nil }
        case .choice(let birds)?:
            if let own = birds.lazy.compactMap(own).first { return own }
        case .unknown?, nil:
            break
        }
        return nearestOfTheSet(to: typed)
    }

    /// The set's species that is `bird`, by any of its scientific names (xeno-canto may file it under
    /// eBird's genus where the taxonomy keeps AviList's).
    private func own(_ bird: Species) -> QuizSpecies? {
        let keys = Set(([bird.scientific] + bird.otherScientific).map(NameKey.init))
        return species.first { keys.contains(NameKey($0.scientific)) }
    }

    private func nearestOfTheSet(to typed: String) -> QuizSpecies? {
        let wanted = NameKey.bytes(of: typed)
        guard !wanted.isEmpty else { return nil }
        let allowed = max(1, SpeciesResolver.typosAllowed(in: wanted.count))
        var best: (species: QuizSpecies, distance: Int)?
        for candidate in species {
            for name in candidate.names {
                let distance = EditDistance.between(wanted, NameKey.bytes(of: name), atMost: allowed)
                if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
            }
        }
        guard let best, best.distance <= allowed else { return nil }
        return best.species
    }

    /// The set's names that start as `typed` does, English before scientific, each in alphabetical
    /// order; then those one of whose names (any authority's) does from a later word ("owl" for "Tawny
    /// Owl") or whole ("eurasian bl" for Common Blackbird, eBird's Eurasian Blackbird).
    public func completions(of typed: String) -> [String] {
        let start = NameKey(typed).text
        let english = species.compactMap(\.english).filter { NameKey($0).text.hasPrefix(start) }.sorted()
        let scientific = species.map(\.scientific).filter { NameKey($0).text.hasPrefix(start) }.sorted()
        let other = species.filter { bird in
            guard let name = bird.english, !english.contains(name) else { return false }
            let names = [name] + (resolver?.taxonomy.species(scientific: bird.scientific)?.englishNames ?? [])
            return names.contains { name in
                let words = NameKey(name).words
                return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(start) }
            }
        }.compactMap(\.english).sorted()
        return english + scientific + other
    }
}
