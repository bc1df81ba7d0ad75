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

    /// Whether `scientific` is a species of the set.
    public func contains(_ scientific: String) -> Bool { species.contains { $0.scientific == scientific } }

    /// "Great Tit (Parus major)" for a species of the set, else the name as it is.
    public func shown(_ scientific: String) -> String { species.first { $0.scientific == scientific }?.shown ?? scientific }

    /// "Great Tit" for a species of the set (its scientific name without an English one), else the name as it is.
    public func short(_ scientific: String) -> String {
        species.first { $0.scientific == scientific }.map { $0.english ?? $0.scientific } ?? scientific
    }

    public init(_ species: [QuizSpecies]) { self.species = species }

    /// The species `typed` names: the one whose name is nearest, when it is near enough (one edit in a
    /// short name, two in a longer one); nil for an answer that names none of the set.
    public func species(named typed: String) -> QuizSpecies? {
        let wanted = Array(SpeciesList.folded(typed))
        guard !wanted.isEmpty else { return nil }
        var best: (QuizSpecies, Int)?
        for candidate in species {
            for name in candidate.names {
                let distance = SpeciesList.editDistance(wanted, Array(SpeciesList.folded(name)))
                if best == nil || distance < best!.1 { best = (candidate, distance) }
            }
        }
        guard let (found, distance) = best, distance <= (wanted.count < 8 ? 1 : 2) else { return nil }
        return found
    }

    /// The names that start as `typed` does (case and hyphens forgiven), English before scientific,
    /// each in alphabetical order.
    public func completions(of typed: String) -> [String] {
        let start = SpeciesList.folded(typed)
        let english = species.compactMap(\.english).filter { SpeciesList.folded($0).hasPrefix(start) }.sorted()
        let scientific = species.map(\.scientific).filter { SpeciesList.folded($0).hasPrefix(start) }.sorted()
        return english + scientific
    }
}
