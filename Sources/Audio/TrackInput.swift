import AsyncHTTPClient

/// A recording's bytes as they arrive, able to continue from another byte offset: from the bytes it
/// kept (the last `window` bytes read, so a short seek back needs no request) or by reopening the
/// source with an HTTP Range request from that offset, never from zero.
struct TrackInput {
    let source: AudioSource
    private let client: HTTPClient
    private var reader: ByteReader
    /// Where the next byte from `reader` sits in the file.
    private var readerOffset = 0
    /// The last bytes read from `reader`, ending at `readerOffset`.
    private var kept: [UInt8] = []
    /// Kept bytes to hand out again before reading on (after a seek back into them).
    private var replay: ArraySlice<UInt8> = []
    /// How much to keep: about a minute of a 128 kbit/s MP3. Bounded, so memory stays flat.
    static let window = 1024 * 1024

    /// The whole file's size, when known.
    var size: Int? { reader.size }

    /// Every reopening with a Range request, for tests and the status line.
    private(set) var rangeRequests = 0

    static func open(_ source: AudioSource, client: HTTPClient) async throws(PlaybackError) -> TrackInput {
        TrackInput(source: source, client: client, reader: try await source.open(client: client))
    }

    private init(source: AudioSource, client: HTTPClient, reader: ByteReader) {
        self.source = source
        self.client = client
        self.reader = reader
    }

    /// The next chunk, or nil at the end.
    mutating func next() async throws -> [UInt8]? {
        if !replay.isEmpty {
            defer { replay = [] }
            return Array(replay)
        }
        guard let chunk = try await reader.next() else { return nil }
        readerOffset += chunk.count
        kept += chunk
        if kept.count > Self.window + 64 * 1024 { kept.removeFirst(kept.count - Self.window) }
        return chunk
    }

    /// Continue from byte `offset`: from the kept bytes when they hold it, else with a Range request.
    mutating func move(to offset: Int) async throws(PlaybackError) {
        let keptStart = readerOffset - kept.count
        if offset >= keptStart && offset <= readerOffset {
            replay = kept[(offset - keptStart)...]
            return
        }
        reader = try await source.open(client: client, from: offset)
        rangeRequests += 1
        readerOffset = offset
        kept = []
        replay = []
    }
}
