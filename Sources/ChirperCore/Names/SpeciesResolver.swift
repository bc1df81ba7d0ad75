/// What a bird's name, as a birder types it, names: one species (and which name matched), a short
/// choice when the name is several birds', or nothing the taxonomy knows (with the nearest names).
public enum NameResolution: Sendable, Equatable {
    case species(Species, NameMatch)
    case choice([Species])
    case unknown(nearest: [Species])

    public var species: Species? {
        if case .species(let species, _) = self { return species }
        return nil
    }
}

/// How a name matched its species.
public enum NameMatch: Sendable, Equatable {
    /// One of its names, as the taxonomy writes it.
    case name(String, NameKind)
    /// The last words of one of its names ("Blackbird" of "Common Blackbird").
    case shortName(String)
    /// A name several birds share, decided by the area asked about.
    case area(String, BirdArea)
    /// The name nearest to a typo.
    case typo(String)
}

/// The one place a bird's name becomes a species: search words, species lists, quiz answers, filters.
public struct SpeciesResolver: Sendable {
    public let taxonomy: Taxonomy
    /// A name shared by several birds is offered with at most this many of them.
    public static let choiceLimit = 8
    /// First words that say no more than "the one most people mean" ("Common Blackbird", "Northern
    /// Wheatear"): a short name whose only bird with such a word is one species means that species.
    static let everyday: Set<Substring> = ["common", "eurasian", "european", "american", "northern"]

    public init(taxonomy: Taxonomy) {
        self.taxonomy = taxonomy
    }

    public func resolve(_ text: String, area: BirdArea? = nil) -> NameResolution {
        let key = NameKey(text)
        guard !key.isEmpty else { return .unknown(nearest: []) }
        // Four or six capitals are a banding code as birders write one (CROW: the Crested Owl).
        let letters = text.unicodeScalars.filter { $0 != " " }
        if [4, 6].contains(letters.count), letters.allSatisfy({ ("A"..."Z").contains($0) }) {
            let codes = taxonomy.entries(named: key.joinedBytes).filter { $0.kind == .bandingCode }
            if !codes.isEmpty { return decided(codes, area: area) }
        }
        if let found = named(key, area: area) { return found }
        // "Turdus merula merula": a subspecies is its species.
        let words = key.words
        if words.count == 3, case .species(let species, .name(let name, .scientific))? = named(NameKey(words[0] + " " + words[1]), area: area) {
            return .species(species, .name(name, .scientific))
        }
        return nearest(to: key, area: area)
    }

    /// A bird seen among several: its species, a name of it that matched, and for each English name
    /// that matched by its end, the words dropped from its front.
    typealias Candidate = (index: Int, name: String, dropped: [[Substring]])

    /// The name whole or shortened, without guessing at typos. Names come before codes: "crow" is a
    /// crow before it is the banding code of the Crested Owl.
    func named(_ key: NameKey, area: BirdArea?) -> NameResolution? {
        let entries = taxonomy.entries(named: key.joinedBytes)
        let names = entries.filter { !$0.kind.isCode }
        if !names.isEmpty { return decided(names, area: area) }
        let shortened = taxonomy.entries(ending: key.joinedBytes)
        if !shortened.isEmpty {
            let birds = grouped(shortened.map { ($0.species, $0.name, [$0.dropped]) })
            if birds.count == 1, let only = birds.first { return .species(taxonomy.species[only.index], .shortName(only.name)) }
            return decide(among: birds, area: area)
        }
        return entries.isEmpty ? nil : decided(entries, area: area)
    }

    private func decided(_ entries: [Taxonomy.Entry], area: BirdArea?) -> NameResolution {
        let birds = grouped(entries.map { ($0.species, $0.name, []) })
        if birds.count == 1, let entry = entries.first {
            return .species(taxonomy.species[entry.species], .name(entry.name, entry.kind))
        }
        return decide(among: birds, area: area)
    }

    /// Each species once, with its first name matched and the words dropped from each of its names.
    private func grouped(_ matches: [Candidate]) -> [Candidate] {
        var order: [Int] = [], byIndex: [Int: Candidate] = [:]
        for match in matches {
            if let known = byIndex[match.index] {
                byIndex[match.index] = (known.index, known.name, known.dropped + match.dropped)
            } else {
                order.append(match.index)
                byIndex[match.index] = match
            }
        }
        return order.compactMap { byIndex[$0] }
    }

    /// One of several birds: the one of the area asked about, else the one everyday name means, else a
    /// choice, the everyday ones first. A bird qualifies by any of its names that matched.
    private func decide(among birds: [Candidate], area: BirdArea?) -> NameResolution {
        let everyday = birds.filter { bird in bird.dropped.contains { !$0.isEmpty && $0.allSatisfy(Self.everyday.contains) } }
        let meant = everyday.count == 1 ? everyday.first : nil
        if let area {
            // "European Robin", not "Western Yellow Robin": the area's word alone before the name.
            let local = birds.filter { bird in
                bird.dropped.isEmpty ? nameWords(of: bird.index, meet: area)
                    : bird.dropped.contains { $0.count == 1 && area.nameWords.contains($0[0]) }
            }
            if local.count == 1, let only = local.first, only.index != meant?.index {
                return .species(taxonomy.species[only.index], .area(only.name, area))
            }
        }
        if let meant {
            return .species(taxonomy.species[meant.index], .shortName(meant.name))
        }
        let ranked = everyday + birds.filter { bird in !everyday.contains { $0.index == bird.index } }
        return .choice(ranked.prefix(Self.choiceLimit).map { taxonomy.species[$0.index] })
    }

    /// Whether one of a species' English names begins with a word of the area ("European Robin").
    private func nameWords(of index: Int, meet area: BirdArea) -> Bool {
        taxonomy.species[index].englishNames.contains { name in
            NameKey(name).words.first.map(area.nameWords.contains) ?? false
        }
    }

    /// A typo's species: the nearest name, when it is near enough and names one bird; else the nearest
    /// few, to suggest.
    private func nearest(to key: NameKey, area: BirdArea?) -> NameResolution {
        let typed = Array(key.text.utf8)
        let allowed = Self.typosAllowed(in: typed.count)
        // Names within a typo's edits first; only when none is, the farther ones worth suggesting.
        let names = taxonomy.names
        var scored = names.near(typed, within: allowed)
        if scored.isEmpty { scored = names.near(typed, within: max(allowed + 1, typed.count / 3)) }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.listed.bytes.lexicographicallyPrecedes($1.listed.bytes) }
        if let best = scored.first, best.distance <= allowed {
            // The nearest whole names first ("Black Thrush" before the end of "Glossy Black Thrush").
            let tied = scored.prefix { $0.distance == best.distance }
            let whole = tied.filter { !$0.listed.isShort }
            // One name nearest (whole, else the end of names): read as that name would be.
            let nearestNames = whole.isEmpty ? tied[...] : whole[...]
            if Set(nearestNames.map(\.listed.key)).count == 1, let name = nearestNames.first?.listed {
                switch named(NameKey(name.key), area: area) {
                case .species(let species, _)?: return .species(species, .typo(name.name))
                case .choice(let birds)?: return .choice(birds)
                case .unknown?, nil: break
                }
            }
        }
        let nearest = unique(scored.filter { !$0.listed.isShort }.map(\.listed.species)).prefix(5)
        return .unknown(nearest: nearest.map { taxonomy.species[$0] })
    }

    /// Edits a typed name may carry and still be taken for the name it is nearest to.
    static func typosAllowed(in length: Int) -> Int {
        switch length {
        case ..<5: 0
        case 5..<9: 1
        case 9..<16: 2
        default: 3
        }
    }

    private func unique(_ indices: [Int]) -> [Int] {
        var seen = Set<Int>()
        return indices.filter { seen.insert($0).inserted }
    }
}

extension NameResolution {
    /// The birds a shared name may be that a line names; the rest are "…".
    static let choicesShown = 4

    /// What a name was read as, for a line the user reads: "Blackbird → Common Blackbird, Turdus merula".
    public func explained(_ typed: String, style: NameStyle = .ioc) -> String {
        switch self {
        case .species: "\(typed) → \(reading(style: style))"
        case .choice: "\(typed) is \(reading(style: style))"
        case .unknown: "\(typed): \(reading(style: style))"
        }
    }

    /// The reading alone: "Common Blackbird, Turdus merula", "more than one bird: …", "not a bird name I know; …".
    public func reading(style: NameStyle = .ioc) -> String {
        switch self {
        case .species(let species, let match):
            let shown = style == .scientific ? species.scientific : "\(species.name(in: style)), \(species.scientific)"
            switch match {
            case .name(_, .ebirdCode): return "\(shown) (eBird code)"
            case .name(_, .bandingCode): return "\(shown) (banding code)"
            case .name, .shortName: return shown
            case .area(_, let area): return "\(shown) (the one of \(area.title))"
            case .typo: return "\(shown) (the nearest name)"
            }
        case .choice(let birds):
            return "more than one bird: " + birds.prefix(Self.choicesShown).map { "\($0.name(in: style)) (\($0.scientific))" }.joined(separator: ", ")
                + (birds.count > Self.choicesShown ? ", …" : "")
        case .unknown(let nearest):
            return "not a bird name I know" + (nearest.isEmpty ? "" : "; nearest: "
                + nearest.prefix(3).map { "\($0.name(in: style)) (\($0.scientific))" }.joined(separator: ", "))
        }
    }
}

extension NameMatch {
    /// Whether the name typed is other than the species' own English or scientific name, so that how
    /// it was read is worth a line.
    public func differs(from typed: String) -> Bool {
        switch self {
        case .name(let name, .scientific), .name(let name, .english): NameKey(name) != NameKey(typed)
        case .name(_, .ebirdCode), .name(_, .bandingCode), .shortName, .area, .typo: true
        }
    }
}
