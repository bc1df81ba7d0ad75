/// Every bird species Chirper knows by name, indexed by each of its names (tools/taxonomy.py makes the
/// file it is read from; docs/names.md says where the names come from).
public struct Taxonomy: Sendable {
    public let species: [Species]
    /// Every name whole, by its key without spaces.
    let exact: NameIndex
    /// The last words of each English name, one or more words dropped from its front ("blackbird" of
    /// "Common Blackbird"), by their key without spaces.
    let shortNames: NameIndex
    /// Every name and short name, for the nearest names to a typo and for completion.
    private let list = LazyNameList()

    var names: NameList { list.list(of: species) }

    struct Entry: Sendable {
        let species: Int
        let name: String
        let kind: NameKind
    }

    struct ShortEntry: Sendable {
        let species: Int
        let name: String
        let droppedWords: Int

        /// The words dropped from the front of the name ("common" of "Common Blackbird").
        var dropped: [Substring] { Array(NameKey(name).words.prefix(droppedWords)) }
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
        var exact = NameIndex(), shortNames = NameIndex()
        var key: [UInt8] = []
        for (index, bird) in species.enumerated() {
            bird.forEachName { name, kind, position in
                NameKey.fold(name, into: &key)
                guard !key.isEmpty else { return }
                exact.add(NameIndex.hash(key), species: index, name: position, dropped: 0)
                guard case .english = kind else { return }
                var dropped = 0
                for (at, byte) in key.enumerated() where byte == 0x20 {
                    dropped += 1
                    shortNames.add(NameIndex.hash(key[(at + 1)...]), species: index, name: position, dropped: dropped)
                }
            }
        }
        exact.seal()
        shortNames.seal()
        self.exact = exact
        self.shortNames = shortNames
    }

    /// The names whose key without spaces is `joined`, whole.
    func entries(named joined: [UInt8]) -> [Entry] {
        exact.items(hashed: NameIndex.hash(joined)).compactMap { item in
            let (name, kind) = species[Int(item.species)].names[Int(item.name)]
            return NameKey.bytes(of: name).filter({ $0 != 0x20 }) == joined ? Entry(species: Int(item.species), name: name, kind: kind) : nil
        }
    }

    /// The English names whose last words, without spaces, are `joined`.
    func entries(ending joined: [UInt8]) -> [ShortEntry] {
        shortNames.items(hashed: NameIndex.hash(joined)).compactMap { item in
            let name = species[Int(item.species)].names[Int(item.name)].name
            let words = NameKey.bytes(of: name).split(separator: 0x20)
            guard words.dropFirst(Int(item.dropped)).joined().elementsEqual(joined) else { return nil }
            return ShortEntry(species: Int(item.species), name: name, droppedWords: Int(item.dropped))
        }
    }

    /// The longest name a line may hold, in bytes, and the most words: a bird's name is under 60 bytes
    /// and 6 words; every later word of a name is indexed, so a name of many words costs as many entries.
    static let nameLimit = 200, wordLimit = 12
    /// The most other names of one kind a species may have.
    static let listLimit = 20

    /// The file tools/taxonomy.py writes: `#` lines, then one species a line, nine tab-separated fields.
    public init(parsing text: String) throws(ReadError) {
        self.init(species: try Self.species(parsing: text))
    }

    /// The species of the file, not yet indexed (enough for a shell's Tab). Read as bytes: a line is
    /// split at tabs, never into characters. A species named twice is kept once, the first time.
    /// `namesStarting`: lower-case ASCII bytes; only the lines with a name or code that begins with
    /// them, in any case, are read (Tab after a few letters reads a few lines, not 11,000).
    public static func species(parsing text: String, namesStarting needle: [UInt8]? = nil) throws(ReadError) -> [Species] {
        var species: [Species] = [], seen = Set<String>()
        var number = 0
        let bytes = Array(text.utf8)
        for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            if let needle, !Self.line(line, hasANameStarting: needle) { continue }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 9 else { throw .malformedLine(number: number, reason: "\(fields.count) fields where 9 are expected") }
            guard fields[0].utf8.lazy.filter({ $0 == 0x20 }).count == 1, !fields[2].isEmpty else {
                throw .malformedLine(number: number, reason: "no scientific name of two words and English name")
            }
            func list(_ text: String) -> [String] { text.isEmpty ? [] : text.split(separator: "|").map(String.init) }
            let others = (english: list(fields[4]), scientific: list(fields[8]))
            let names = fields + others.english + others.scientific
            guard others.english.count <= listLimit, others.scientific.count <= listLimit,
                  names.allSatisfy({ $0.utf8.count <= nameLimit && $0.utf8.lazy.filter { $0 == 0x20 }.count < wordLimit }) else {
                throw .malformedLine(number: number, reason: "a name longer than \(nameLimit) bytes or \(wordLimit) words, or too many names")
            }
            guard seen.insert(fields[0]).inserted else { continue }
            func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
            species.append(Species(scientific: fields[0], family: fields[1], english: fields[2], ebirdEnglish: optional(fields[3]),
                                   otherEnglish: others.english, ebirdCode: optional(fields[5]), banding: optional(fields[6]),
                                   banding6: optional(fields[7]), otherScientific: others.scientific))
        }
        guard !species.isEmpty else { throw .empty }
        return species
    }

    /// Whether a field of `line`, or an item of a `|` list, begins with `needle` (lower-case ASCII), in
    /// any case.
    static func line(_ line: ArraySlice<UInt8>, hasANameStarting needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        var index = line.startIndex
        while index < line.endIndex {
            var matched = 0
            while matched < needle.count, index + matched < line.endIndex {
                var byte = line[index + matched]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                guard byte == needle[matched] else { break }
                matched += 1
            }
            if matched == needle.count { return true }
            // On to the next field or item.
            guard let next = line[index...].firstIndex(where: { $0 == 0x09 || $0 == UInt8(ascii: "|") }) else { return false }
            index = next + 1
        }
        return false
    }

    /// The species whose scientific name this is, any case.
    public func species(scientific name: String) -> Species? {
        entries(named: NameKey(name).joinedBytes).first { $0.kind == .scientific }.map { species[$0.species] }
    }

    /// Names beginning with `prefix` (any of a species' names, whole or from a later word), in order,
    /// each once: for Tab.
    public func completions(of prefix: String, limit: Int = 200) -> [String] {
        let key = NameKey.bytes(of: prefix)
        var seen = Set<String>()
        let names = self.names.starting(with: key).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }.map(\.name)
        return Array(names.filter { seen.insert($0).inserted }.prefix(limit))
    }
}
