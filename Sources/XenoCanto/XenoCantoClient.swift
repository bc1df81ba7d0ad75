import AsyncHTTPClient
import ChirperHTTP
import FoundationEssentials
import NIOCore
import NIOHTTP1

/// The xeno-canto API v3 client: one call, `GET {base}/recordings`, with the key check, the process's
/// request pacing, retries with backoff for 429 and 5xx, and errors a person can act on.
public struct XenoCantoClient: Sendable {
    /// How 429 and 5xx answers are asked again (shared with the player's file requests).
    public typealias RetryPolicy = ChirperHTTP.RetryPolicy

    public static let pageSizes = 50...500
    public static let defaultPageSize = 100

    public let settings: APISettings
    public var retry: RetryPolicy
    public var requestTimeout: Duration
    /// Whether each recording keeps the JSON object it came in (`Recording.sentJSON`), for `--json`.
    public var keepsSentJSON = false
    private let pacer: RequestPacer

    public init(
        settings: APISettings, retry: RetryPolicy = RetryPolicy(), requestTimeout: Duration = .seconds(30),
        pacer: RequestPacer = .shared
    ) {
        self.settings = settings
        self.retry = retry
        self.requestTimeout = requestTimeout
        self.pacer = pacer
    }

    /// One page of results. Throws `APIError` only.
    public func search(_ query: SearchQuery, page: Int = 1, perPage: Int = defaultPageSize) async throws(APIError) -> Page {
        try await searchKeepingBody(query, page: page, perPage: perPage).page
    }

    /// A page and the bytes it came in.
    private func searchKeepingBody(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> (page: Page, body: Data) {
        guard let key = settings.key else { throw .noKey }
        let url = settings.baseURL + "/recordings?" + URLQuery.encode([
            ("query", query.text), ("key", key), ("per_page", String(perPage)), ("page", String(page)),
        ])
        let body = try await fetch(url)
        do {
            var page = try JSONDecoder().decode(Page.self, from: body)
            if keepsSentJSON { Self.keepSentJSON(of: &page, from: body) }
            return (page, body)
        } catch {
            throw .badResponse(reason: "not a page of recordings (\(DecodingProblem.describe(error)))",
                               firstBytes: ByteSample.firstBytes(body))
        }
    }

    /// Gives each recording the bytes of its object in `body`.
    static func keepSentJSON(of page: inout Page, from body: Data) {
        let bytes = [UInt8](body)
        guard let spans = JSONSpans.elements(of: "recordings", in: bytes), spans.count == page.recordings.count else { return }
        for (index, span) in spans.enumerated() { page.recordings[index].sentJSON = SentJSON(bytes[span]) }
    }

    /// The recording with this XC number, or nil when there is none.
    public func recording(number: String) async throws(APIError) -> Recording? {
        try await search(.number(number), page: 1, perPage: Self.pageSizes.lowerBound).recordings.first
    }

    /// The recording with this XC number and its JSON object exactly as the API sent it (every field,
    /// the API's names and values, keys sorted and indented), or nil when there is none.
    public func recordingAsSent(number: String) async throws(APIError) -> (recording: Recording, json: String)? {
        let (page, body) = try await searchKeepingBody(.number(number), page: 1, perPage: Self.pageSizes.lowerBound)
        guard let recording = page.recordings.first else { return nil }
        struct Recordings: Decodable { let recordings: [JSONValue] }
        guard let first = (try? JSONDecoder().decode(Recordings.self, from: body))?.recordings.first, case .object = first else {
            throw .badResponse(reason: "the recording is not a JSON object", firstBytes: ByteSample.firstBytes(body))
        }
        return (recording, first.prettyText)
    }

    static func isLimiting(_ status: Int) -> Bool { status == 403 || status == 429 || status == 503 }

    private var host: String { URL(string: settings.baseURL)?.host ?? settings.baseURL }

    private func fetch(_ url: String) async throws(APIError) -> Data {
        var attempt = 0
        while true {
            attempt += 1
            do { try await pacer.admit(.page) } catch { throw .network(host: host, reason: "cancelled") }
            let response: HTTPClientResponse
            let body: ByteBuffer
            do {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "Accept", value: "application/json")
                request.headers.add(name: "User-Agent", value: "chirper")
                response = try await HTTPClient.chirper.execute(request, timeout: .init(requestTimeout))
                body = try await response.body.collect(upTo: 64 << 20)
            } catch {
                throw .network(host: host, reason: NetworkProblem.describe(error))
            }
            let data = Data(body.readableBytesView)
            let status = Int(response.status.code)
            switch status {
            case 200..<300:
                return data
            case 401:
                throw .keyRefused(message: APIErrorBody(data)?.readable ?? "HTTP \(status)")
            case 400, 404, 422:
                let body = APIErrorBody(data)
                let message = body?.readable ?? "HTTP \(status)"
                if body?.isAboutKey == true { throw .keyRefused(message: message) }
                throw .queryRejected(message: message)
            // 403, 429 and 503 are xeno-canto refusing or limiting requests (heavy use gets blocked), not a
            // wrong key: asked again after a wait like a server error, then said as what they are.
            case _ where Self.isLimiting(status) || RetryPolicy.isWorthRetrying(status: status):
                guard attempt < retry.attempts else {
                    if Self.isLimiting(status) {
                        throw .limited(status: status, attempts: attempt, message: APIErrorBody(data)?.readable)
                    }
                    throw .server(status: status, attempts: attempt)
                }
                let retryAfter = RetryPolicy.retryAfter(in: response.headers)
                do { try await Task.sleep(for: retry.delay(afterAttempt: attempt, retryAfter: retryAfter)) } catch {
                    throw .network(host: host, reason: "cancelled")
                }
            default:
                throw .server(status: status, attempts: attempt)
            }
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

extension APIErrorBody {
    /// The body of an error answer, when it has the API's error shape.
    init?(_ data: Data) {
        guard let body = try? JSONDecoder().decode(APIErrorBody.self, from: data) else { return nil }
        self = body
    }

    /// The message to show: the API's sentence, else its error code.
    var readable: String { message.isEmpty ? error : message }

    var isAboutKey: Bool { (error + " " + message).lowercased().contains("key") }
}

/// Percent-encodes query parameters strictly (RFC 3986 unreserved characters only), so `+`, `:` and
/// quotes in a query arrive as typed.
public enum URLQuery {
    public static func encode(_ items: [(String, String)]) -> String {
        items.map { name, value in name + "=" + percentEncoded(value) }.joined(separator: "&")
    }

    /// Every byte of the UTF-8 but the unreserved ones as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded.unicodeScalars.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

/// The start of a body, printable, for "bad response" messages.
public enum ByteSample {
    public static func firstBytes(_ data: Data, count: Int = 60) -> String {
        if data.isEmpty { return "(an empty body)" }
        let text = String(decoding: data.prefix(count), as: UTF8.self)
        let printable = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0.isPunctuation || $0.isSymbol || $0 == " ") ? $0 : "·" })
        return "\"" + printable + (data.count > count ? "…" : "") + "\""
    }
}

enum DecodingProblem {
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context)?:
            return "missing \"\(key.stringValue)\"" + (context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "unexpected value at \(path(context.codingPath))"
        case nil:
            return "unreadable"
        @unknown default:
            return "unreadable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
