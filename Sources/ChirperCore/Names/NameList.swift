import Synchronization

/// Every name and short name of the taxonomy in one block of bytes, for the scan that finds a typo's
/// nearest names: each name's length and letters beside it, so that most are passed over unread.
struct NameList: Sendable {
    /// One name (whole, or the end of an English name from a later word), as a scan found it.
    struct Listed: Sendable {
        let bytes: [UInt8]
        let name: String
        let species: Int
        let isShort: Bool

        var key: String { String(decoding: bytes, as: UTF8.self) }
    }

    private var storage: [UInt8] = []
    private var starts: [Int32] = []
    private(set) var lengths: [Int16] = []
    private(set) var letters: [UInt32] = []
    private var species: [Int32] = []
    private var names: [String] = []
    private var short: [Bool] = []

    init(of all: [Species]) {
        storage.reserveCapacity(all.count * 100)
        var key: [UInt8] = []
        for (index, bird) in all.enumerated() {
            bird.forEachName { name, kind, _ in
                guard !kind.isCode else { return }
                NameKey.fold(name, into: &key)
                guard !key.isEmpty else { return }
                add(key[...], name: name, species: index, isShort: false)
                guard case .english = kind else { return }
                for (at, byte) in key.enumerated() where byte == 0x20 {
                    add(key[(at + 1)...], name: name, species: index, isShort: true)
                }
            }
        }
    }

    private mutating func add(_ bytes: ArraySlice<UInt8>, name: String, species index: Int, isShort: Bool) {
        starts.append(Int32(storage.count))
        lengths.append(Int16(clamping: bytes.count))
        letters.append(Self.letters(of: bytes))
        storage.append(contentsOf: bytes)
        species.append(Int32(index))
        names.append(name)
        short.append(isShort)
    }

    var count: Int { starts.count }

    func listed(_ index: Int) -> Listed {
        let start = Int(starts[index])
        return Listed(bytes: Array(storage[start..<start + Int(lengths[index])]), name: names[index], species: Int(species[index]),
                      isShort: short[index])
    }

    /// The names at most `limit` edits from `typed`, with their edits. A name whose length or letters
    /// differ by more than `limit` edits could make is passed over before its edits are counted.
    func near(_ typed: [UInt8], within limit: Int) -> [(listed: Listed, distance: Int)] {
        let wanted = Self.letters(of: typed[...])
        var found: [(Int, Int)] = []
        var scratch = EditDistance.Scratch()
        let all = storage.span, typedSpan = typed.span
        for index in lengths.indices where abs(Int(lengths[index]) - typed.count) <= limit
            && (wanted ^ letters[index]).nonzeroBitCount <= 2 * limit {
            let start = Int(starts[index])
            let distance = EditDistance.between(typedSpan, all.extracting(start..<start + Int(lengths[index])), atMost: limit, scratch: &scratch)
            if distance <= limit { found.append((index, distance)) }
        }
        return found.map { (listed($0.0), $0.1) }
    }

    /// The names that begin with `prefix`'s key.
    func starting(with prefix: [UInt8]) -> [Listed] {
        lengths.indices.filter { index in
            let start = Int(starts[index])
            return Int(lengths[index]) >= prefix.count && storage[start..<start + prefix.count].elementsEqual(prefix)
        }.map(listed)
    }

    /// A bit for each letter a–z in `bytes`: an edit adds or takes away at most two of them, so two names
    /// whose letters differ by more than twice a limit are more than that many edits apart.
    static func letters(of bytes: ArraySlice<UInt8>) -> UInt32 {
        var mask: UInt32 = 0
        for byte in bytes where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { mask |= 1 << UInt32(byte - UInt8(ascii: "a")) }
        return mask
    }
}

/// The list, made once, when first asked for: a name read whole or shortened needs none of it.
final class LazyNameList: Sendable {
    private let made = Mutex<NameList?>(nil)

    func list(of species: [Species]) -> NameList {
        made.withLock { made in
            if let made { return made }
            let list = NameList(of: species)
            made = list
            return list
        }
    }
}
