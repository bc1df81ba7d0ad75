/// A zip archive written entry by entry (to `write`, in order), each entry stored as it is (MP3 and PNG
/// do not shrink, and Anki reads stored entries): what an Anki package is. No entry or archive may reach
/// 4 GiB (no zip64).
struct StoredZip {
    struct TooLarge: Error, CustomStringConvertible {
        var description: String { "the package would reach 4 GiB, more than a zip without zip64 holds" }
    }

    private struct Entry {
        let name: [UInt8]
        let crc: UInt32
        let size: UInt32
        let offset: UInt32
    }

    private let write: ([UInt8]) -> Void
    private var entries: [Entry] = []
    private var offset = 0

    init(writing write: @escaping ([UInt8]) -> Void) { self.write = write }

    mutating func add(_ name: String, _ contents: [UInt8]) throws(TooLarge) {
        let limit = Int(UInt32.max)
        guard contents.count < limit, offset + contents.count + 30 + name.utf8.count < limit else { throw TooLarge() }
        let entry = Entry(name: Array(name.utf8), crc: CRC32.of(contents), size: UInt32(contents.count), offset: UInt32(offset))
        var header: [UInt8] = []
        header.append(le32: 0x0403_4b50)
        header.append(le16: 20)  // version needed: 2.0
        header.append(le16: 0x0800)  // names in UTF-8
        header.append(le16: 0)  // stored
        header.append(le16: 0)  // time: 00:00
        header.append(le16: 0x21)  // date: 1980-01-01, so the same pack makes the same bytes
        header.append(le32: entry.crc)
        header.append(le32: entry.size)
        header.append(le32: entry.size)
        header.append(le16: UInt16(entry.name.count))
        header.append(le16: 0)
        header += entry.name
        emit(header)
        emit(contents)
        entries.append(entry)
    }

    /// Writes the central directory: the archive is whole after this.
    mutating func finish() throws(TooLarge) {
        let start = offset
        var directory: [UInt8] = []
        for entry in entries {
            directory.append(le32: 0x0201_4b50)
            directory.append(le16: 20)  // made by: 2.0
            directory.append(le16: 20)
            directory.append(le16: 0x0800)
            directory.append(le16: 0)
            directory.append(le16: 0)
            directory.append(le16: 0x21)
            directory.append(le32: entry.crc)
            directory.append(le32: entry.size)
            directory.append(le32: entry.size)
            directory.append(le16: UInt16(entry.name.count))
            directory += [0, 0, 0, 0, 0, 0, 0, 0]  // extra, comment, disk, internal attributes
            directory.append(le32: 0)  // external attributes
            directory.append(le32: entry.offset)
            directory += entry.name
        }
        let size = directory.count
        guard entries.count < Int(UInt16.max), start + size < Int(UInt32.max) else { throw TooLarge() }
        directory.append(le32: 0x0605_4b50)
        directory += [0, 0, 0, 0]
        directory.append(le16: UInt16(entries.count))
        directory.append(le16: UInt16(entries.count))
        directory.append(le32: UInt32(size))
        directory.append(le32: UInt32(start))
        directory.append(le16: 0)
        emit(directory)
    }

    private mutating func emit(_ bytes: [UInt8]) {
        write(bytes)
        offset += bytes.count
    }
}

/// CRC-32 as zip (and PNG) use it: polynomial 0xEDB88320, reflected.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension [UInt8] {
    mutating func append(le16 value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    mutating func append(le32 value: UInt32) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }
}
