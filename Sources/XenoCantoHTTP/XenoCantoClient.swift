import ChirperHTTP
import FoundationEssentials
import XenoCanto

/// The xeno-canto API v3 client: one call, `GET {base}/recordings`, with the key check, the process's
/// request pacing, retries with backoff for 429 and 5xx, and errors a person can act on.
public struct XenoCantoClient: SearchClient {
    /// How 429 and 5xx answers are asked again (shared with the player's file requests).
    public typealias RetryPolicy = ChirperHTTP.RetryPolicy

    public let settings: APISettings
    public var retry: RetryPolicy
    public var requestTimeout: Duration
    /// Whether each recording keeps the JSON object it came in (`Recording.sentJSON`), for `--json`.
    public var keepsSentJSON = false
    private let pacer: RequestPacer
    /// Where its connections are kept between requests.
    private let pool: ConnectionPool

    public init(
        settings: APISettings, retry: RetryPolicy = RetryPolicy(), requestTimeout: Duration = .seconds(30),
        pacer: RequestPacer = .shared, pool: ConnectionPool = .shared
    ) {
        self.settings = settings
        self.retry = retry
        self.requestTimeout = requestTimeout
        self.pacer = pacer
        self.pool = pool
    }

    /// One page of results. Throws `APIError` only.
    public func search(_ query: SearchQuery, page: Int = 1, perPage: Int = PageSize.standard) async throws(APIError) -> Page {
        try await searchKeepingBody(query, page: page, perPage: perPage).page
    }

    /// A page and the bytes it came in.
    private func searchKeepingBody(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> (page: Page, body: Data) {
        guard let key = settings.key else { throw .noKey }
        let url = settings.baseURL + "/recordings?" + URLQuery.encode([
            ("query", query.text), ("key", key), ("per_page", String(perPage)), ("page", String(page)),
        ])
        let body = JSONSurrogates.repaired(try await fetch(url))
        do {
            var page = try JSONDecoder().decode(Page.self, from: body)
            if keepsSentJSON { page.keepSentJSON(from: body) }
            return (page, body)
        } catch {
            throw .badResponse(reason: "not a page of recordings (\(DecodingProblem.describe(error)))",
                               firstBytes: ByteSample.firstBytes(body))
        }
    }

    /// The recording with this XC number and its JSON object exactly as the API sent it (every field,
    /// the API's names and values, keys sorted and indented), or nil when there is none.
    public func recordingAsSent(number: String) async throws(APIError) -> (recording: Recording, json: String)? {
        let (page, body) = try await searchKeepingBody(.number(number), page: 1, perPage: PageSize.allowed.lowerBound)
        guard let recording = page.recordings.first(where: { RecordingNumber.same($0.id, number) }) else { return nil }
        struct Recordings: Decodable { let recordings: [JSONValue] }
        let sent = (try? JSONDecoder().decode(Recordings.self, from: body))?.recordings ?? []
        guard let object = sent.first(where: { value in
            guard case .object(let fields) = value else { return false }
            switch fields["id"] {
            case .string(let id): return RecordingNumber.same(id, number)
            case .integer(let id): return RecordingNumber.same(String(id), number)
            default: return false
            }
        }) else {
            throw .badResponse(reason: "the recording is not a JSON object", firstBytes: ByteSample.firstBytes(body))
        }
        return (recording, object.prettyText)
    }

    /// Why `url` cannot be the API's base URL (not http(s), no host, a port out of range); nil when it can.
    public static func problem(withBaseURL url: String) -> String? { HTTPURL.problem(url) }

    /// xeno-canto refusing or limiting requests (heavy use gets blocked), not a wrong key.
    static let limitingStatuses: Set<Int> = [403, 429, 503]

    private var host: String { URL(string: settings.baseURL)?.host ?? settings.baseURL }

    private func fetch(_ url: String) async throws(APIError) -> Data {
        // 403, 429 and 503 are xeno-canto refusing or limiting requests (heavy use gets blocked), not a
        // wrong key: asked again after a wait like a server error, then said as what they are.
        var policy = retry
        policy.alsoRetried.formUnion(Self.limitingStatuses)
        let response: (head: HTTPAnswer, body: [UInt8]), attempt: Int
        do {
            (response, attempt) = try await Fetcher.asking(.page, retry: policy, pacer: pacer, head: { $0.head }) { _ in
                try await HTTPGet.within(requestTimeout) {
                    let headers = ["Accept": "application/json", "User-Agent": "chirper"]
                    let answer = try await HTTPGet.get(url, headers: headers, decompressing: true, pool: pool)
                    return (head: answer, body: try await answer.body.collect(upTo: 64 << 20))
                }
            }
        } catch let error as NetworkError where error.isTheServers {
            // The server answered, but not in HTTP, or sent us where no request can go: nothing for the
            // listener's network to fix.
            throw .badResponse(reason: error.description, firstBytes: "")
        } catch {
            throw .network(host: host, reason: (error as? NetworkError)?.description ?? "cancelled")
        }
        let data = Data(response.body)
        let status = response.head.status
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
        case _ where Self.limitingStatuses.contains(status):
            throw .limited(status: status, attempts: attempt, message: APIErrorBody(data)?.readable)
        default:
            throw .server(status: status, attempts: attempt)
        }
    }
}
