/// The ID3v2 tags an MP3 file may begin with (title, cover art: any size, megabytes with a large
/// picture), passed over by their declared size so the decoder sees only what follows. Each tag's
/// 10-byte header says how long it is; the bytes inside are never held, so a tag of any size costs no
/// memory, and they are not counted as bytes searched for audio.
struct LeadingTags {
    /// Bytes of tags (headers included) passed over so far.
    private(set) var skipped = 0
    /// True once the bytes after the last tag have begun: from then on every byte is the stream's.
    private(set) var ended = false
    /// Bytes still to pass over in the tag being skipped.
    private var inTag = 0
    /// The start of what may be a tag header, held until its 10 bytes have come.
    private var held: [UInt8] = []

    static let headerSize = 10

    /// The bytes of `bytes` that follow the tags: none while a tag (or what may be its header) goes on.
    mutating func stream(after bytes: UnsafeRawBufferPointer) -> [UInt8] {
        guard !ended else { return Array(bytes) }
        var rest = bytes[...]
        while !rest.isEmpty {
            if inTag > 0 {
                let passed = min(inTag, rest.count)
                inTag -= passed
                skipped += passed
                rest = rest.dropFirst(passed)
                continue
            }
            let wanted = Self.headerSize - held.count
            held += rest.prefix(wanted)
            rest = rest.dropFirst(wanted)
            guard held.count == Self.headerSize else { return [] }
            if let size = Self.tagSize(header: held) {
                skipped += Self.headerSize
                inTag = size
                held = []
            } else {
                ended = true
                defer { held = [] }
                return held + rest
            }
        }
        return []
    }

    /// The size of the tag after its header, when `header` begins one: "ID3", a version byte and a
    /// revision below 0xFF, flags, and a 28-bit size in four "syncsafe" bytes (7 bits each, the top bit
    /// clear). A footer (flag 0x10, ID3v2.4) adds another 10 bytes.
    static func tagSize(header: [UInt8]) -> Int? {
        guard header.count >= headerSize, header[0] == 0x49, header[1] == 0x44, header[2] == 0x33,
              header[3] != 0xFF, header[4] != 0xFF, header[6..<10].allSatisfy({ $0 < 0x80 }) else { return nil }
        let size = header[6..<10].reduce(0) { $0 << 7 | Int($1) }
        let footer = header[5] & 0x10 != 0 ? headerSize : 0
        return size + footer
    }
}
