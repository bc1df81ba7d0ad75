/// Names by the hash of their key, in one sorted array: built in one pass with no allocation a name, and
/// searched by halving. A hash names candidates; each is checked against its name before it is used.
struct NameIndex: Sendable {
    struct Item: Sendable {
        let hash: UInt64
        let species: Int32
        /// Which of the species' `names`.
        let name: UInt8
        /// How many words were dropped from the front of the name (0: the name whole).
        let dropped: UInt8
    }

    private(set) var items: [Item] = []

    mutating func add(_ hash: UInt64, species: Int, name: Int, dropped: Int) {
        items.append(Item(hash: hash, species: Int32(species), name: UInt8(clamping: name), dropped: UInt8(clamping: dropped)))
    }

    mutating func seal() {
        items.sort { $0.hash < $1.hash }
    }

    /// The items whose hash is `hash`.
    func items(hashed hash: UInt64) -> ArraySlice<Item> {
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < items.count, items[end].hash == hash { end += 1 }
        return items[low..<end]
    }

    /// FNV-1a of a key's bytes, its spaces left out ("blue tit" and "bluetit" hash alike).
    static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes where byte != 0x20 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
