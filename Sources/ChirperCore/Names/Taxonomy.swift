/// Every bird species Chirper knows by name, indexed by each of its names (tools/taxonomy.py makes the
/// file it is read from; docs/names.md says where the names come from).
public struct Taxonomy: Sendable {
    public let species: [Species]
    /// A name's key without spaces → the species it names, and how.
    let exact: [String: [Entry]]
    /// The last words of an English name, one or more words dropped from its front ("blackbird" of
    /// "Common Blackbird") → the species, and the words dropped.
    let shortNames: [String: [ShortEntry]]
    /// Every name and short name, by key, for completion and for the nearest names to a typo.
    let sorted: [Listed]

    struct Entry: Sendable {
        let species: Int
        let name: String
        let kind: NameKind
    }

    struct ShortEntry: Sendable {
        let species: Int
        let name: String
        let dropped: [Substring]
    }

    struct Listed: Sendable {
        let key: String
        let bytes: [UInt8]
        let name: String
        let species: Int
        let isShort: Bool
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case malformedLine(number: Int, reason: String)
        case empty

        public var description: String {
            switch self {
            case .malformedLine(let number, let reason): "line \(number): \(reason)"
            case .empty: "it names no species"
            }
        }
    }

    public init(species: [Species]) {
        self.species = species
        var exact: [String: [Entry]] = [:], shortNames: [String: [ShortEntry]] = [:], sorted: [Listed] = []
        for (index, bird) in species.enumerated() {
            for (name, kind) in bird.names {
                let key = NameKey(name)
                guard !key.isEmpty else { continue }
                exact[key.joined, default: []].append(Entry(species: index, name: name, kind: kind))
                if !kind.isCode { sorted.append(Listed(key: key.text, bytes: Array(key.text.utf8), name: name, species: index, isShort: false)) }
                guard case .english = kind, key.words.count > 1 else { continue }
                for drop in 1..<key.words.count {
                    let rest = key.words[drop...]
                    let short = rest.joined()
                    guard !(shortNames[short]?.contains { $0.species == index } ?? false) else { continue }
                    shortNames[short, default: []].append(ShortEntry(species: index, name: name, dropped: Array(key.words[..<drop])))
                    let text = rest.joined(separator: " ")
                    sorted.append(Listed(key: text, bytes: Array(text.utf8), name: name, species: index, isShort: true))
                }
            }
        }
        self.exact = exact
        self.shortNames = shortNames
        self.sorted = sorted.sorted { $0.key < $1.key }
    }

    /// The file tools/taxonomy.py writes: `#` lines, then one species a line, eight tab-separated fields.
    public init(parsing text: String) throws(ReadError) {
        self.init(species: try Self.species(parsing: text))
    }

    /// The species of the file, not yet indexed (enough for a shell's Tab).
    public static func species(parsing text: String) throws(ReadError) -> [Species] {
        var species: [Species] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard !line.isEmpty, line.first != "#" else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8 else {
                throw .malformedLine(number: number, reason: "\(fields.count) fields where 8 are expected")
            }
            guard fields[0].split(separator: " ").count == 2, !fields[2].isEmpty else {
                throw .malformedLine(number: number, reason: "no scientific name of two words and English name")
            }
            func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
            species.append(Species(scientific: fields[0], family: fields[1], english: fields[2], ebirdEnglish: optional(fields[3]),
                                   otherEnglish: fields[4].split(separator: "|").map(String.init), ebirdCode: optional(fields[5]),
                                   banding: optional(fields[6]), banding6: optional(fields[7])))
        }
        guard !species.isEmpty else { throw .empty }
        return species
    }

    /// The species whose scientific name this is, any case.
    public func species(scientific name: String) -> Species? {
        exact[NameKey(name).joined]?.first { $0.kind == .scientific }.map { species[$0.species] }
    }

    /// Names beginning with `prefix` (any of a species' names, whole or from a later word), in order,
    /// each once: for Tab.
    public func completions(of prefix: String, limit: Int = 200) -> [String] {
        let key = NameKey(prefix).text
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].key < key { low = middle + 1 } else { high = middle }
        }
        var seen = Set<String>(), names: [String] = []
        var index = low
        while index < sorted.count, sorted[index].key.hasPrefix(key), names.count < limit {
            if seen.insert(sorted[index].name).inserted { names.append(sorted[index].name) }
            index += 1
        }
        return names
    }
}
