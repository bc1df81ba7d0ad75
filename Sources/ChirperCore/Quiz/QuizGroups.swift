import XenoCanto

/// Groups of sounds a learner should tell apart, at most `largest` species each, built from the
/// learner's own confusions first (taken for each other), then the genus, then the family (from the
/// taxonomy), then the birds recordists hear together (one in another's background). Each group is drilled on its own (`quiz --group N`), and the
/// names a question offers come in the same order of closeness.
public struct QuizGroups: Sendable {
    /// Why two species of the set belong together.
    public struct Closeness: Sendable, Equatable {
        /// Wrong answers naming one when the other was heard, both ways.
        public var confusions = 0
        public var sameGenus = false
        /// Of one family, and not of one genus.
        public var sameFamily = false
        /// Recordings of one with the other in their background, both ways.
        public var heardTogether = 0

        /// The order groups are made in: one confusion outweighs a genus, a genus a family, a family
        /// any number of backgrounds.
        public var weight: Int { confusions * 100 + (sameGenus ? 20 : 0) + (sameFamily ? 10 : 0) + min(heardTogether, 9) }

        public var reasons: [String] {
            (confusions > 0 ? ["taken for each other \(confusions)×"] : [])
                + (sameGenus ? ["same genus"] : [])
                + (sameFamily ? ["same family"] : [])
                + (heardTogether > 0 ? ["heard together in \(heardTogether) recording\(heardTogether == 1 ? "" : "s")"] : [])
        }
    }

    /// A group: its species (the set's scientific names, in the order joined) and why they are together.
    public struct Group: Sendable, Equatable {
        public var species: [String]
        public var reasons: [String]
    }

    public static let largest = 4

    /// Every pair of the set that has something in common, by its two names in order.
    public let closeness: [Pair: Closeness]
    public let groups: [Group]

    public struct Pair: Sendable, Hashable {
        public let first: String
        public let second: String

        public init(_ a: String, _ b: String) {
            (first, second) = a < b ? (a, b) : (b, a)
        }
    }

    /// `families`: each species' family by its scientific name, where the taxonomy knows it.
    public init(recordings: [QuizCardKey: [Recording]], confusions: [(heard: String, named: String)], families: [String: String] = [:]) {
        let species = Set(recordings.keys.map(\.species))
        var closeness: [Pair: Closeness] = [:]
        for confusion in confusions where confusion.heard != confusion.named && species.contains(confusion.heard) && species.contains(confusion.named) {
            closeness[Pair(confusion.heard, confusion.named), default: Closeness()].confusions += 1
        }
        let sorted = species.sorted()
        for (index, a) in sorted.enumerated() {
            for b in sorted[(index + 1)...] {
                if Self.genus(a) == Self.genus(b) {
                    closeness[Pair(a, b), default: Closeness()].sameGenus = true
                } else if let family = families[a], family == families[b] {
                    closeness[Pair(a, b), default: Closeness()].sameFamily = true
                }
            }
        }
        var seen: Set<String> = []
        for recording in recordings.values.joined() where seen.insert(recording.id).inserted {
            let heard = recording.binomial
            for other in Set(recording.backgroundSpecies) where other != heard && species.contains(other) && species.contains(heard) {
                closeness[Pair(heard, other), default: Closeness()].heardTogether += 1
            }
        }
        self.closeness = closeness
        groups = Self.grouping(closeness)
    }

    /// How close `b` is to `a` (0: nothing in common).
    public func weight(_ a: String, _ b: String) -> Int { closeness[Pair(a, b)]?.weight ?? 0 }

    /// The closest pairs first, each joining its two species' groups when the result stays within
    /// `largest`; the groups of two or more, the closest first.
    static func grouping(_ closeness: [Pair: Closeness]) -> [Group] {
        let pairs = closeness.sorted { ($0.value.weight, $1.key.first, $1.key.second) > ($1.value.weight, $0.key.first, $0.key.second) }
        var groupOf: [String: Int] = [:]
        var members: [[String]] = []
        var reasons: [[String]] = []
        var strength: [Int] = []
        for (pair, close) in pairs {
            let (a, b) = (pair.first, pair.second)
            switch (groupOf[a], groupOf[b]) {
            case let (x?, y?) where x == y:
                // Already together: what they share is said and counted all the same.
                reasons[x].append(a + " and " + b + ": " + close.reasons.joined(separator: ", "))
                strength[x] += close.weight
                continue
            case let (x?, y?):
                guard members[x].count + members[y].count <= largest else { continue }
                for name in members[y] { groupOf[name] = x }
                members[x] += members[y]
                reasons[x] += reasons[y]
                strength[x] += strength[y]
                members[y] = []
            case let (x?, nil), let (nil, x?):
                guard members[x].count < largest else { continue }
                let joining = groupOf[a] == nil ? a : b
                groupOf[joining] = x
                members[x].append(joining)
            case (nil, nil):
                groupOf[a] = members.count
                groupOf[b] = members.count
                members.append([a, b])
                reasons.append([])
                strength.append(0)
            }
            let group = groupOf[a]!
            reasons[group].append(a + " and " + b + ": " + close.reasons.joined(separator: ", "))
            strength[group] += close.weight
        }
        return members.indices.filter { members[$0].count >= 2 }
            .sorted { (strength[$0], $1) > (strength[$1], $0) }
            .map { Group(species: members[$0], reasons: reasons[$0]) }
    }

    static func genus(_ species: String) -> Substring { species.split(separator: " ").first ?? "" }
}
