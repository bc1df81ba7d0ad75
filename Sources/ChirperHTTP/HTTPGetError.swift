import NIOHTTP1
import NIOHTTPCompression

/// Why a GET failed or its answer ended early, in the words `NetworkProblem` gives a listener.
public enum HTTPGetError: Error, Equatable, Sendable {
    /// The connection closed before the answer's head came.
    case closedBeforeAnswer
    /// The connection closed before the answer was whole.
    case closedEarly
    /// No byte came for `HTTPGet.readTimeout` while one was waited for.
    case readTimedOut
    /// The whole answer took longer than its caller allows (`HTTPGet.within`).
    case deadlineExceeded
    /// Not an http or https URL with a host.
    case invalidURL
    /// A port that is not a number from 1 to 65535 (as written).
    case invalidPort(String)
    /// An answer that does not follow HTTP (a bad chunk size, no status line), in the parser's words.
    case notHTTP(String)
    /// More than `HTTPGet.redirectLimit` redirects, or one back to a URL already asked for.
    case tooManyRedirects
    /// A body larger than its reader takes.
    case tooLarge
}

extension HTTPGetError {
    /// Whether the server is to blame (an answer that is not HTTP, a redirect to a URL that cannot be
    /// asked, or round in circles), not the network between.
    public var isTheServers: Bool {
        switch self {
        case .notHTTP, .invalidURL, .invalidPort, .tooManyRedirects: return true
        case .closedBeforeAnswer, .closedEarly, .readTimedOut, .deadlineExceeded, .tooLarge: return false
        }
    }

    /// What the pipeline's error says about the answer: the HTTP decoder's and the inflater's complaints
    /// are a server not speaking HTTP, not a network to check.
    static func reading(_ error: any Error) -> any Error {
        if let parser = error as? HTTPParserError {
            // The decoder's word for a body cut short of its Content-Length.
            return parser == .invalidEOFState ? HTTPGetError.closedEarly : HTTPGetError.notHTTP("\(parser)")
        }
        if let inflating = error as? NIOHTTPDecompression.DecompressionError {
            return HTTPGetError.notHTTP(inflating == .limit ? "its compressed body inflates past the limit" : "its compressed body is corrupt")
        }
        return error
    }
}
