import ChirperHTTP
import PlaybackModel

/// A recording's bytes as they arrive, able to continue from another byte offset: from the bytes it
/// kept (the last `window` bytes read, so a short seek back needs no request) or by reopening the
/// source with an HTTP Range request from that offset, never from zero. A connection that drops or
/// ends short of its Content-Length is reopened from the byte reached, a bounded number of times
/// with backoff, before the failure is given up to the listener.
struct TrackInput {
    let source: AudioSource
    private var reader: ByteReader
    /// Where the next byte from `reader` sits in the file.
    private var readerOffset = 0
    /// The last bytes read from `reader`, ending at `readerOffset`.
    private var kept: [UInt8] = []
    /// Kept bytes to hand out again before reading on (after a seek back into them).
    private var replay: ArraySlice<UInt8> = []
    /// How much to keep at least: about a minute of a 128 kbit/s MP3; at most twice this is held.
    /// Bounded, so memory stays flat.
    static let window = 1024 * 1024
    /// How far ahead a move reads on instead of asking anew: about 8 s of a 64 kbit/s MP3, less than a
    /// round trip costs on a slow link, and far less than `window`, so what was read stays kept.
    static let readOnRatherThanAsk = 64 * 1024

    /// The whole file's size, when known.
    var size: Int? { reader.size }


    /// Reconnections tried after a drop before giving up, and the wait before each.
    /// The first try is at once: a single drop is then barely heard.
    static let reconnectDelays: [Duration] = [.zero, .milliseconds(500), .milliseconds(1500)]

    /// Bytes a reopened connection must bring before it drops for the reopening to count as progress,
    /// and how many reopenings in a row may bring less.
    static let progressBetweenReopenings = 64 * 1024
    static let reopeningsWithoutProgress = 4
    private var reopenedAt = 0
    private var reopenedWithoutProgress = 0

    /// What a dropped connection's listener hears: each reopening tried, and bytes coming again.
    enum Reconnection: Sendable {
        case trying(attempt: Int)
        case regained
    }
    /// Told of a connection lost and regained (the engine shows buffering meanwhile). Events only, no
    /// timer: a read that merely waits is the sound server's to notice, when it runs dry.
    var onReconnect: (@Sendable (Reconnection) -> Void)?

    /// The download being kept in the cache, while it stays in sequence from byte 0.
    private var keeping: WholeFileWriter?

    /// Opens `source`: from the cache when it holds the URL whole, else from the network, keeping the
    /// download in the cache if one is given. `patient`: see `AudioSource.open`.
    static func open(_ source: AudioSource, cache: AudioCache? = nil, patient: Bool = false,
                     begun: HTTPGet.Begun? = nil) async throws(PlaybackError) -> TrackInput {
        if let cache, case .url(let url) = source, let file = cache.lookup(url) {
            begun?.drop()
            let cached = AudioSource.file(file.path)
            return TrackInput(source: cached, reader: try await cached.open())
        }
        var input = TrackInput(source: source, reader: try await source.open(patient: patient, begun: begun))
        if let cache, case .url(let url) = source { input.keeping = cache.writer(for: url, size: input.reader.size) }
        return input
    }

    private init(source: AudioSource, reader: ByteReader) {
        self.source = source
        self.reader = reader
    }

    /// The next chunk, or nil at the end.
    mutating func next() async throws(PlaybackError) -> [UInt8]? {
        if !replay.isEmpty {
            defer { replay = [] }
            return Array(replay)
        }
        var attempt = 0
        while true {
            let problem: String
            do {
                if let chunk = try await reader.next() {
                    readerOffset += chunk.count
                    keeping?.append(chunk)
                    // A file seeks back for nothing: only the network's bytes are worth keeping. The window
                    // is cut back to size once it has doubled, so each byte is moved about once (cutting it
                    // at every read moved a megabyte per 64 KiB read).
                    if case .url = source {
                        kept += chunk
                        if kept.count > 2 * Self.window { kept.removeFirst(kept.count - Self.window) }
                    }
                    if attempt > 0 { onReconnect?(.regained) }
                    return chunk
                }
                guard let size = reader.size, readerOffset < size, case .url = source else {
                    return nil  // the download is kept (`keepDownload`) only once the decoder has read it whole
                }
                problem = "the connection closed at byte \(readerOffset) of \(size)"
            } catch let error as PlaybackError {
                problem = error.description
            } catch {
                guard case .url = source else { throw .file(reason: "cannot read \(source): \(error)") }
                // An answer that is not HTTP would be the same answer again: no reconnection mends it.
                let failure = error as? NetworkError
                if let failure, failure.isTheServers { throw .network(reason: failure.description) }
                problem = failure?.description ?? "cancelled"
            }
            // Reopenings that each bring little before the connection drops again would go on for ever:
            // a few in a row end the track.
            reopenedWithoutProgress = readerOffset - reopenedAt < Self.progressBetweenReopenings ? reopenedWithoutProgress + 1 : 0
            reopenedAt = readerOffset
            guard reopenedWithoutProgress <= Self.reopeningsWithoutProgress else {
                keeping?.abandon()
                throw .network(reason: "\(problem); the connection was reopened \(reopenedWithoutProgress) times with "
                    + "little read between (the last at byte \(readerOffset))")
            }
            guard attempt < Self.reconnectDelays.count, !Task.isCancelled else {
                keeping?.abandon()
                throw .network(reason: attempt == 0 ? problem : "\(problem); \(attempt) reconnections failed")
            }
            attempt += 1
            onReconnect?(.trying(attempt: attempt))
            try await reconnect(after: Self.reconnectDelays[attempt - 1])
        }
    }

    /// The decoder read every byte to the end without an error: the download goes into the cache, if
    /// its length matches what the server announced. A download that is not kept is removed when the
    /// input is dropped (`WholeFileWriter`).
    mutating func keepDownload() {
        keeping?.commit(replace: true)
        keeping = nil
    }

    /// Waits, then reopens the source from the byte reached. A failed reopening is not thrown: the read
    /// that follows fails and counts as the next attempt.
    private mutating func reconnect(after delay: Duration) async throws(PlaybackError) {
        do { try await Task.sleep(for: delay) } catch { throw .network(reason: "cancelled") }
        do {
            reader = try await source.open(from: readerOffset, size: reader.size, patient: true)
        } catch {
            reader = ByteReader(size: reader.size, kind: .failed(error))
        }
    }

    /// Continue from byte `offset`: from the kept bytes when they hold it, else with a Range request.
    mutating func move(to offset: Int) async throws(PlaybackError) {
        let keptStart = readerOffset - kept.count
        if offset >= keptStart && offset <= readerOffset {
            replay = kept[(offset - keptStart)...]
            return
        }
        // A little way ahead on the network (a loop that starts a second or two in): read on and keep
        // the bytes, rather than a new request; the download stays in order for the cache too.
        if case .url = source, offset > readerOffset, offset - readerOffset <= Self.readOnRatherThanAsk {
            replay = []
            while readerOffset < offset {
                guard try await next() != nil else { return }  // the end came first: nothing to play there
            }
            let start = readerOffset - kept.count
            replay = kept[(offset - start)...]
            return
        }
        reader = try await source.open(from: offset, size: reader.size, patient: true)
        reopenedAt = offset  // progress is counted from where the listener moved to
        reopenedWithoutProgress = 0
        keeping?.abandon()  // the bytes no longer follow one another: not a file to keep
        keeping = nil
        readerOffset = offset
        kept = []
        replay = []
    }
}
