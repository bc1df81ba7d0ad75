import ChirperHTTP
import FoundationEssentials
import PlaybackModel

/// Where the bytes of a recording come from: an http(s) URL (redirects followed) or a local file.
public enum AudioSource: Sendable, Equatable, CustomStringConvertible {
    case url(String)
    case file(String)

    public var description: String {
        switch self {
        case .url(let url): return url
        case .file(let path): return path
        }
    }

    /// File requests answered 429 or 5xx: three tries, 0.5 s then 1 s apart, longer when the server's
    /// Retry-After says so (at most 5 s): a listener waits seconds, not the API's half-minute.
    static let retry = RetryPolicy(attempts: 3, firstDelay: .milliseconds(500), longestDelay: .seconds(5))

    /// Opens the source, from byte `offset` on (an HTTP Range request, or a file seek). HTTP errors and
    /// unreadable files become `PlaybackError`s here, before any audio. `begun`: the request, already on
    /// its way (`StartWork`), taken instead of a new one. `patient`: the
    /// recording was already playing (a drop, a seek) or is the next one fetched ahead, so a connection
    /// that cannot be made is tried again for a while (`HTTPGet`); a first contact fails at
    /// once, so an offline listener is told so within a second.
    /// `size`: the whole file's size as the first answer gave it, when it did; a reopening's answer must
    /// agree with it.
    func open(from offset: Int = 0, size known: Int? = nil, patient: Bool = false,
              begun: HTTPGet.Begun? = nil) async throws(PlaybackError) -> ByteReader {
        switch self {
        case .url(let url):
            let response: HTTPAnswer, attempts: Int
            (response, attempts) = try await Self.fetch(url, from: offset, patient: patient, begun: begun)
            guard (200..<300).contains(response.status) else {
                throw .http(status: response.status, attempts: attempts)  // only 429 and 5xx were asked again
            }
            let length = Self.believableLength(response.headers.first(name: "Content-Length"))
            var reader = ByteReader(size: length, kind: .http(response.body.makeAsyncIterator()))
            guard offset > 0 else { return reader }
            if response.status == 206 {
                reader.size = try Self.wholeSize(ofPart: response.headers.first(name: "Content-Range"), asked: offset,
                                                 length: length, known: known)
            } else {
                if let known, let length, length != known {
                    throw .network(reason: "the server sent a file of \(length) bytes where it had sent one of \(known)")
                }
                reader.skip = offset  // the server ignored the Range: read up to where we wanted to be
            }
            return reader
        case .file(let path):
            let file: OpenFile
            do { file = try OpenFile(reading: path) } catch {
                throw .file(reason: error.isMissing ? "no such file: \(path)" : "cannot read \(error)")
            }
            if offset > 0 { try? file.seek(to: offset) }
            return ByteReader(size: file.size, kind: .file(file))
        }
    }
}

extension AudioSource {
    /// Asks for `url` from byte `offset` on, asking again after a 429 or 5xx answer: the last answer,
    /// with the number of tries it took.
    /// `begun`: the first try, already on its way (`StartWork`).
    static func fetch(_ url: String, from offset: Int = 0, patient: Bool = false,
                      begun: HTTPGet.Begun? = nil) async throws(PlaybackError) -> (HTTPAnswer, attempts: Int) {
        var begun = begun
        do {
            // No overall deadline: a long recording streams for minutes. The read timeout still ends a
            // connection that goes silent.
            return try await Fetcher.asking(.file, retry: retry, head: { $0 }) { _ in
                if let first = begun.take() { return try await HTTPGet.get(first) }
                return try await HTTPGet.get(url, headers: requestHeaders(from: offset), patient: patient)
            }
        } catch {
            throw .network(reason: (error as? NetworkError)?.description ?? "cancelled")
        }
    }

    /// The biggest file a recording may be: a Content-Length past it (or past Int's range once the
    /// offset of a Range request is added) is not believed, as if none were given.
    static let largestFile = 1 << 40

    /// A Content-Length, when it is a whole number from 0 to `largestFile`.
    static func believableLength(_ text: String?) -> Int? {
        guard let text, text.utf8.count <= 14, let length = Int(text), (0...largestFile).contains(length) else { return nil }
        return length
    }

    /// The whole file's size a 206 answer to a Range request from `asked` gives, once its framing is
    /// checked against the question: a `Content-Range` that starts at the byte asked, a total that is the
    /// size known (when one is), and a `Content-Length` that is the range's. Anything else is bytes from
    /// another place, which would be decoded as the ones wanted.
    static func wholeSize(ofPart range: String?, asked: Int, length: Int?, known: Int?) throws(PlaybackError) -> Int? {
        let wrong = { (why: String) in PlaybackError.network(reason: "the server's answer to a request from byte \(asked) \(why)") }
        guard let range, range.utf8.count <= 64 else { throw wrong("gave no Content-Range") }
        let parts = range.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { throw wrong("gave an unreadable Content-Range") }
        let span = parts[1].split(separator: "/", maxSplits: 1)
        let bounds = span.first.map { $0.split(separator: "-", maxSplits: 1) } ?? []
        guard span.count == 2, bounds.count == 2, let first = believableLength(String(bounds[0])),
              let last = believableLength(String(bounds[1])), first <= last else {
            throw wrong("gave an unreadable Content-Range")
        }
        guard first == asked else { throw wrong("starts at byte \(first)") }
        let total = span[1] == "*" ? nil : believableLength(String(span[1]))
        if span[1] != "*", total == nil { throw wrong("gave an unreadable total in its Content-Range") }
        if let total, last >= total { throw wrong("ends past the file's end") }
        if let total, let known, total != known { throw wrong("says the file is \(total) bytes, not \(known)") }
        if let length, length != last - first + 1 { throw wrong("holds \(length) bytes where its range holds \(last - first + 1)") }
        return total ?? known
    }

    /// A recording's request headers, asking for its bytes from `offset` on.
    static func requestHeaders(from offset: Int) -> [String: String] {
        var headers = ["User-Agent": "chirper"]
        if offset > 0 { headers["Range"] = "bytes=\(offset)-" }
        return headers
    }
}

/// Pulls a source's bytes a chunk at a time. Nothing is read ahead of the caller, so a download is held
/// back by playback (HTTP flow control) and memory stays flat whatever the recording's length.
struct ByteReader {
    enum Kind {
        case http(HTTPAnswer.Body.AsyncIterator)
        case file(OpenFile)
        /// A reopening that failed: the next read says why.
        case failed(PlaybackError)
    }

    /// The whole file's size when the server (Content-Length) or the file system says.
    var size: Int?
    var kind: Kind
    /// Bytes still to throw away before the first one returned (a server that ignored a Range header).
    var skip = 0

    /// The next chunk, or nil at the end.
    mutating func next() async throws -> [UInt8]? {
        switch kind {
        case .http(var iterator):
            var chunk: [UInt8]?
            repeat {
                chunk = try await iterator.next()
                if skip > 0, let whole = chunk {
                    let dropped = min(skip, whole.count)
                    skip -= dropped
                    chunk = Array(whole[dropped...])
                }
            } while chunk?.isEmpty == true
            kind = .http(iterator)
            return chunk
        case .failed(let error):
            throw error
        case .file(let file):
            let bytes = try file.read(upTo: 64 * 1024)
            guard !bytes.isEmpty else {
                file.close()
                return nil
            }
            return bytes
        }
    }
}
