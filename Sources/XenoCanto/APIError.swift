import DisplayText

/// What can go wrong talking to the API, each case worded so a person knows what to do next.
/// No case carries the key or a URL with the key in it.
public enum APIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No key from --key, XC_API_KEY or the config file; found before any request.
    case noKey
    /// The server answered 401 (or its error body with a 400 said the key is wrong).
    case keyRefused(message: String)
    /// The server refused the query itself (HTTP 400), e.g. an unknown tag.
    case queryRejected(message: String)
    /// HTTP 403, 429 or 503 on every try: xeno-canto refusing or limiting requests, with its message.
    case limited(status: Int, attempts: Int, message: String?)
    /// HTTP 5xx on every try, or another unexpected status.
    case server(status: Int, attempts: Int)
    /// The body was not the JSON of a result page, or not the page asked for.
    case badResponse(reason: String, firstBytes: String)
    /// No HTTP answer at all: DNS, refused connection, timeout.
    case network(host: String, reason: String)

    /// Said in words a terminal may be given: the messages carry the server's words.
    public var description: String { Displayable.lines(words) }

    private var words: String {
        switch self {
        case .noKey:
            return "No API key: set XC_API_KEY or pass --key (or put `key = YOUR_KEY` in ~/.config/chirper/config).\n"
                + "Get a key from your xeno-canto account page: https://xeno-canto.org/account"
        case .keyRefused(let message):
            return "The API refused the key: \(message)\nCheck XC_API_KEY, --key or ~/.config/chirper/config."
        case .queryRejected(let message):
            return "The API refused the query: \(message)"
        case .limited(let status, let attempts, let message):
            return "xeno-canto is refusing or limiting requests (HTTP \(status), \(attempts) \(attempts == 1 ? "try" : "tries"))"
                + (message.map { ": \($0)" } ?? "") + ". Wait a while and try again; heavy use gets blocked."
        case .server(let status, let attempts):
            return "The API answered HTTP \(status) (\(attempts) \(attempts == 1 ? "try" : "tries")). Try again later."
        case .badResponse(let reason, let firstBytes):
            return "Bad response from the API: \(reason)." + (firstBytes.isEmpty ? "" : " It began: \(firstBytes)")
        case .network(let host, let reason):
            return "Cannot reach \(host): \(reason). Check the network, or --api-url; `chirper demo` tries Chirper without one."
        }
    }

    /// An answer for page `sent` when page `asked` was asked for: taking it would leave the listing
    /// waiting for a page that never comes.
    public static func wrongPage(asked: Int, sent: Int) -> APIError {
        .badResponse(reason: "the server sent page \(sent) when page \(asked) was asked for", firstBytes: "")
    }

    /// Whether the problem is the key (exit code 3) rather than the network or server (exit code 4).
    public var isKeyProblem: Bool {
        switch self {
        case .noKey, .keyRefused: return true
        case .queryRejected, .limited, .server, .badResponse, .network: return false
        }
    }
}
