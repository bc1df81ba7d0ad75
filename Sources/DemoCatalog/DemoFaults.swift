import Foundation
import Locking

/// Misbehaviour a test can ask of the demo server, and the log of what it was asked.
public final class DemoFaults: Sendable {
    /// What one API request gets instead of a normal answer.
    public enum APIFault: Sendable, Equatable {
        /// An HTTP status with a v3 error body; `retryAfter` adds that header (for 429).
        case status(Int, retryAfter: Int? = nil)
        /// A 200 whose body is not JSON.
        case garbage
        /// The normal answer, after a wait.
        case delay(Duration)
        /// An HTTP status whose error body has the nested shape: `{"error": {"code": …, "message": …}}`.
        case nestedError(Int, code: String, message: String)
    }

    /// What a recording's audio URL serves instead of its MP3.
    public enum AudioFault: Sendable, Equatable {
        /// An HTML page with status 200, as a misconfigured mirror might send.
        case html
        /// A 200 with no body.
        case empty
        /// Only the first part of the file, with a Content-Length that says so (a file cut short on disk).
        case truncated(fraction: Double)
        /// The announced length, but the connection closes after this part (a dropped connection).
        case closeMidFile(fraction: Double)
        /// HTTP 404.
        case notFound
        /// The connection drops at this point of the file (a Range request that starts beyond it gets
        /// nothing) for the next `times` requests; then the file is served whole: a flaky link that recovers.
        case resetAt(fraction: Double, times: Int)
        /// The bytes stop for `seconds` at this point of the file, then go on (a link that stalls).
        case stall(atFraction: Double, seconds: Double)
        /// The recording as a WAV file (16-bit PCM, or `bits` of another depth), as some uploads are.
        case wav(bits: Int = 16)
        /// The recording as a WAV file whose RIFF and data sizes hold `declaredSize` (0 or 0xFFFFFFFF),
        /// as a recorder that streams writes them: the PCM runs to the end of the file.
        case streamingWAV(declaredSize: UInt32)
        /// The MP3 after an ID3v2 tag of `bytes` (a picture of that size, as cover art is).
        case coverArt(bytes: Int)
        /// The sound encoded at `from` Hz and 32 kbit/s, then again at `to` Hz and 128 kbit/s: one
        /// stream whose rate and bit rate change half-way, as files joined end to end do.
        case rateChange(from: Int, to: Int)
        /// The bytes trickle at this rate (a poor mobile link), in pieces of a tenth of it.
        case slow(bytesPerSecond: Int)
        /// A Content-Length this many bytes longer than the file, which is sent whole and then the
        /// connection closes: a server that lies about the length, for good.
        case longerLength(by: Int)
        /// An HTTP error (429, 500, 503…) with an optional Retry-After, for the next `times` requests of
        /// the file (`Int.max`: for good); then the file is served.
        case status(Int, times: Int, retryAfter: Int? = nil)
    }

    /// One request as the server saw it.
    public struct LoggedRequest: Sendable {
        public var path: String
        public var parameters: [String: String]
        public var range: String?
        public var at: ContinuousClock.Instant
    }

    struct State {
        var queued: [APIFault] = []
        var always: APIFault?
        var extraPage = false
        var audio: [String: AudioFault] = [:]
        var log: [LoggedRequest] = []
    }

    private let state = Locked(State())

    public init() {}

    /// The next `count` API requests get `fault`, then the server behaves again.
    public func next(_ fault: APIFault, times count: Int = 1) {
        state.withLock { $0.queued += Array(repeating: fault, count: count) }
    }

    /// Every API request gets `fault` until cleared with nil.
    public func always(_ fault: APIFault?) {
        state.withLock { $0.always = fault }
    }

    /// Report one page more than there is, as the live API has been seen to do.
    public func reportExtraPage(_ on: Bool = true) {
        state.withLock { $0.extraPage = on }
    }

    /// Recording `id`'s audio misbehaves this way until cleared with nil.
    public func audio(_ id: String, _ fault: AudioFault?) {
        state.withLock { $0.audio[id] = fault }
    }

    /// The fault for this request of the file; `resetAt` and `status` count down and then clear themselves.
    func takeAudioFault(_ id: String) -> AudioFault? {
        state.withLock { state in
            let taken = state.audio[id]
            switch taken {
            case .resetAt(let fraction, let times)?:
                state.audio[id] = times > 1 ? .resetAt(fraction: fraction, times: times - 1) : nil
            case .status(let code, let times, let retryAfter)?:
                state.audio[id] = times > 1 ? .status(code, times: times == Int.max ? times : times - 1, retryAfter: retryAfter) : nil
            default:
                break
            }
            return taken
        }
    }

    public var requests: [LoggedRequest] { state.withLock { $0.log } }

    public var apiRequests: [LoggedRequest] { requests.filter { $0.path.hasSuffix("/recordings") } }

    func record(_ request: LoggedRequest) {
        state.withLock { $0.log.append(request) }
    }

    func takeAPIFault() -> APIFault? {
        state.withLock { state in
            if !state.queued.isEmpty { return state.queued.removeFirst() }
            return state.always
        }
    }

    var extraPage: Bool { state.withLock { $0.extraPage } }
}
