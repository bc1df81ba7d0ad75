import FoundationEssentials

/// A recording's JSON object as the server sent it, every field included (those Chirper does not model,
/// such as `annotation-set` or `_meta`), for `search --json` to print unchanged. It says where a
/// recording came from, not what it is, so it takes no part in equality: two answers that say the same
/// are the same recording.
public struct SentJSON: Sendable, Hashable {
    /// The object's bytes, with whitespace between tokens taken out (none in a compact answer), so it
    /// fits on one line of NDJSON; nil when they were not kept.
    public let text: String?

    /// Nothing kept.
    public init() { text = nil }

    public init(_ bytes: some Collection<UInt8>) {
        text = JSONEscaping.escapingControls(in: String(decoding: JSONSpans.compacted(bytes), as: UTF8.self))
    }

    public static func == (_: SentJSON, _: SentJSON) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// Finds values in JSON text by their bytes, without decoding them: where each element of the top-level
/// object's array sits, so it can be given out exactly as it came.
enum JSONSpans {
    /// The byte ranges of the elements of the array under `key` in the top-level object; nil when the
    /// text is not an object holding such an array.
    static func elements(of key: String, in bytes: [UInt8]) -> [Range<Int>]? {
        var scanner = Scanner(bytes: bytes)
        let wanted = Array(key.utf8)
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while true {
            guard let name = scanner.string() else { return nil }
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            if bytes[name] == wanted[...] {
                return scanner.arrayElements()
            }
            guard scanner.skipValue(), scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The byte range of the value under `key` in the top-level object; nil when there is none.
    static func value(of key: String, in bytes: [UInt8]) -> Range<Int>? {
        var scanner = Scanner(bytes: bytes)
        let wanted = Array(key.utf8)
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while true {
            guard let name = scanner.string(), scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipSpace()
            let start = scanner.at
            guard scanner.skipValue() else { return nil }
            if bytes[name] == wanted[...] { return start..<scanner.at }
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The bytes without whitespace outside strings.
    static func compacted(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if Scanner.isSpace(byte) {
                continue
            }
            out.append(byte)
        }
        return out
    }

    private struct Scanner {
        let bytes: [UInt8]
        var at = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        mutating func skipSpace() {
            while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        }

        /// Takes `byte` (after any whitespace) if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A string's contents (between its quotes), escapes left as they are.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\\"): at += 2
                case UInt8(ascii: "\""):
                    at += 1
                    return start..<(at - 1)
                default: at += 1
                }
            }
            return nil
        }

        /// Moves past one value of any kind.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard at < bytes.count else { return false }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while at < bytes.count {
                    switch bytes[at] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            at += 1
                            return true
                        }
                    default: break
                    }
                    at += 1
                }
                return false
            default:
                let start = at
                while at < bytes.count, !Self.isSpace(bytes[at]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[at]) {
                    at += 1
                }
                return at > start
            }
        }

        /// The ranges of an array's elements, the scanner at its `[`.
        mutating func arrayElements() -> [Range<Int>]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var ranges: [Range<Int>] = []
            if take(UInt8(ascii: "]")) { return ranges }
            while true {
                skipSpace()
                let start = at
                guard skipValue() else { return nil }
                ranges.append(start..<at)
                if take(UInt8(ascii: "]")) { return ranges }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }
    }
}

extension Page {
    /// Gives each recording the bytes of its object in `body`, the answer this page was decoded from.
    public mutating func keepSentJSON(from body: Data) {
        let bytes = [UInt8](body)
        guard let spans = JSONSpans.elements(of: "recordings", in: bytes), spans.count == recordings.count else { return }
        for (index, span) in spans.enumerated() { recordings[index].sentJSON = SentJSON(bytes[span]) }
    }
}

extension SentJSON {
    /// The bytes of each element of the array under `key` in the JSON object `bytes`, exactly as they are
    /// there; nil when `bytes` is not such an object (a pack file's recordings, say).
    public static func elements(under key: String, in bytes: [UInt8]) -> [ArraySlice<UInt8>]? {
        JSONSpans.elements(of: key, in: bytes).map { $0.map { bytes[$0] } }
    }

    /// The bytes of the value under `key` in the JSON object `bytes`; nil when there is none.
    public static func value(under key: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        JSONSpans.value(of: key, in: bytes).map { bytes[$0] }
    }
}
