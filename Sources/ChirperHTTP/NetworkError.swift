import Glibc
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Why a GET failed or its answer ended early: the one error ChirperHTTP's callers see (besides a
/// cancellation), its cases decided from the failing library's own error types in one place (`from`),
/// and put into a listener's words only by `description`.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server's address answered that nothing listens there.
    case refused
    /// The host name did not resolve to any address.
    case nameNotFound
    /// No connection was made within `HTTPGet.connectTimeout`.
    case connectTimedOut
    /// The connection closed before the answer's head came.
    case closedBeforeAnswer
    /// The connection closed before the answer was whole.
    case closedEarly
    /// No byte came for `HTTPGet.readTimeout` while one was waited for.
    case readTimedOut
    /// The whole answer took longer than its caller allows (`HTTPGet.within`).
    case deadlineExceeded
    /// The server's certificate is signed by no root Chirper trusts.
    case untrustedCertificate
    /// The server's certificate names another host.
    case certificateForAnotherName
    /// The roots named by SSL_CERT_FILE or SSL_CERT_DIR cannot be read.
    case trustRootsUnreadable
    /// The TLS handshake failed for another reason.
    case secureConnectionFailed
    /// An answer that does not follow HTTP (a bad chunk size, no status line), in the parser's words.
    case notHTTP(String)
    /// Not an http or https URL with a host.
    case invalidURL
    /// A port that is not a number from 1 to 65535 (as written).
    case invalidPort(String)
    /// More than `HTTPGet.redirectLimit` redirects, or one back to a URL already asked for.
    case tooManyRedirects
    /// A body larger than its reader takes.
    case tooLarge
    /// Another failure of the socket, in the system's words.
    case socket(String)

    public var description: String {
        switch self {
        case .refused: return "connection refused"
        case .nameNotFound: return "host name not found"
        case .connectTimedOut: return "the connection timed out"
        case .closedBeforeAnswer: return "the server closed the connection"
        case .closedEarly: return "the connection closed before the length the server announced"
        case .readTimedOut, .deadlineExceeded: return "the server stopped answering"
        case .untrustedCertificate: return "the server's certificate is not trusted"
        case .certificateForAnotherName: return "the server's certificate is for another name"
        case .trustRootsUnreadable: return "the trust roots named by SSL_CERT_FILE or SSL_CERT_DIR cannot be read"
        case .secureConnectionFailed: return "the secure connection could not be made"
        case .notHTTP(let reason): return "the server's answer is not valid HTTP (\(reason))"
        case .invalidURL: return "not an http(s) URL with a host"
        case .invalidPort(let text): return "the port \"\(text)\" is not a number from 1 to 65535"
        case .tooManyRedirects: return "too many redirects"
        case .tooLarge: return "the answer is larger than expected"
        case .socket(let words): return words
        }
    }

    /// Whether the server is to blame (an answer that is not HTTP, a redirect to a URL that cannot be
    /// asked, or round in circles), not the network between: asking again would get the same.
    public var isTheServers: Bool {
        switch self {
        case .notHTTP, .invalidURL, .invalidPort, .tooManyRedirects: return true
        case .refused, .nameNotFound, .connectTimedOut, .closedBeforeAnswer, .closedEarly, .readTimedOut, .deadlineExceeded,
             .untrustedCertificate, .certificateForAnotherName, .trustRootsUnreadable, .secureConnectionFailed, .tooLarge, .socket:
            return false
        }
    }

    /// What a failure inside the pipeline, the socket or TLS means, as a `NetworkError`; a cancellation
    /// stays a cancellation.
    static func from(_ error: any Error) -> any Error {
        switch error {
        case is NetworkError, is CancellationError:
            return error
        case ChannelError.connectTimeout:
            return NetworkError.connectTimedOut
        case ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.outputClosed,
             NIOSSLError.uncleanShutdown:
            return NetworkError.closedBeforeAnswer
        case let error as NIOConnectionError:
            // No address was tried: the name did not resolve. Else what the last address answered.
            guard let last = error.connectionErrors.last else { return NetworkError.nameNotFound }
            return from(last.error)
        case let error as IOError:
            return error.errnoCode == ECONNREFUSED ? NetworkError.refused : NetworkError.socket(systemWords(error.errnoCode))
        case is SocketAddressError:
            return NetworkError.nameNotFound
        case NIOSSLError.failedToLoadCertificate:
            return NetworkError.trustRootsUnreadable
        case NIOSSLError.handshakeFailed(let reason):
            // BoringSSL names the verification's failure only in its reason.
            return "\(reason)".contains("CERTIFICATE_VERIFY_FAILED") ? NetworkError.untrustedCertificate : NetworkError.secureConnectionFailed
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return NetworkError.certificateForAnotherName
        case is NIOSSLError, is NIOSSLExtraError:
            return NetworkError.secureConnectionFailed
        case let parser as HTTPParserError:
            // The decoder's word for a body cut short of its Content-Length.
            return parser == .invalidEOFState ? NetworkError.closedEarly : NetworkError.notHTTP("\(parser)")
        case let inflating as Inflater.Failure:
            switch inflating {
            case .limit: return NetworkError.notHTTP("its compressed body inflates past the limit")
            case .corrupt: return NetworkError.notHTTP("its compressed body is corrupt")
            case .truncated, .trailingBytes: return NetworkError.notHTTP("its compressed body is cut short or followed by other bytes")
            }
        default:
            return NetworkError.socket(String(describing: error))
        }
    }

    /// Whether `error`, met sending on a kept connection before any answer came, says the server had
    /// closed or reset it while it was kept: the request is then asked once more on a new connection.
    /// A timeout or a wrong answer is not asked again.
    static func isDeadConnection(_ error: any Error) -> Bool {
        if let error = error as? IOError { return [ECONNRESET, EPIPE].contains(error.errnoCode) }
        return from(error) as? NetworkError == .closedBeforeAnswer
    }

    /// The system's words for `code`.
    private static func systemWords(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard strerror_r(code, &buffer, buffer.count) == 0 else { return "system error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `work`'s result, any failure made a `NetworkError` (or left a cancellation).
    static func classifying<T>(_ work: () async throws -> T) async throws -> T {
        do { return try await work() } catch { throw from(error) }
    }
}
