import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Locking
import XenoCanto

/// The demo server's request handlers.
final class DemoRoutes: Sendable {
    let configuration: DemoServer.Configuration
    let faults: DemoFaults
    let audio: DemoAudioStore
    /// Set once the port is known; file URLs in responses point here.
    let origin = Locked("")

    init(configuration: DemoServer.Configuration, faults: DemoFaults, audio: DemoAudioStore) {
        self.configuration = configuration
        self.faults = faults
        self.audio = audio
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestLogger(faults: faults))
        router.get("api/3/recordings") { request, _ in try await self.recordings(request) }
        router.get(":id/download") { request, context in self.download(context.parameters.get("id") ?? "", request) }
        router.get("sounds/:name") { request, context in try await self.sound(request, name: context.parameters.get("name") ?? "") }
        return router
    }

    // MARK: API

    func recordings(_ request: Request) async throws -> Response {
        if let fault = faults.takeAPIFault() {
            switch fault {
            case .status(let status, let retryAfter):
                var headers: HTTPFields = [.contentType: "application/json"]
                if let retryAfter { headers[.retryAfter] = String(retryAfter) }
                let body = APIErrorBody(error: "server_fault", message: "Injected HTTP \(status) from the demo catalog")
                return json(body, status: .init(code: status), headers: headers)
            case .garbage:
                return Response(status: .ok, headers: [.contentType: "application/json"],
                                body: .init(byteBuffer: ByteBuffer(string: "<html><body>Bad Gateway</body></html>\u{0}\u{7F}")))
            case .delay(let duration):
                try await Task.sleep(for: duration)
            case .nestedError(let status, let code, let message):
                let body = ["error": ["code": code, "message": message]]
                return json(body, status: .init(code: status), headers: [.contentType: "application/json"])
            }
        }
        let parameters = request.uri.queryParameters
        guard let key = parameters.get("key"), !key.isEmpty else {
            return json(APIErrorBody(error: "missing_parameter", message: "No API key was given: add key=YOUR_KEY."), status: .unauthorized)
        }
        guard key == configuration.key else {
            return json(APIErrorBody(error: "invalid_key", message: "The API key is not valid."), status: .unauthorized)
        }
        guard let query = Self.formValue("query", in: request.uri.query ?? ""), !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return json(APIErrorBody(error: "missing_parameter", message: "No query was given."), status: .badRequest)
        }
        let perPage = parameters.get("per_page").map { Int($0) } ?? PageSize.standard
        guard let perPage, PageSize.allowed.contains(perPage) else {
            return json(APIErrorBody(error: "invalid_parameter", message: "per_page must be a number from 50 to 500."), status: .badRequest)
        }
        let pageNumber = parameters.get("page").map { Int($0) } ?? 1
        guard let pageNumber, pageNumber >= 1 else {
            return json(APIErrorBody(error: "invalid_parameter", message: "page must be a number from 1."), status: .badRequest)
        }
        let search: CatalogSearch
        do {
            search = try CatalogSearch(query)
        } catch {
            // The live API's words and shape for a query it cannot read: HTTP 400, a flat client_error.
            let message = switch error {
            case .untagged(let word): "Untagged search term \"\(word)\": use a tag such as en:, sp: or gen:."
            case .unknownTag(let tag): "Unknown tag \"\(tag)\"."
            case .or: "OR is not supported: every term must match."
            }
            return json(APIErrorBody(error: "client_error", message: message), status: .badRequest)
        }
        let matches = configuration.catalog.entries.filter(search.matches)
        let pages = max(1, (matches.count + perPage - 1) / perPage)
        let slice = matches.dropFirst((pageNumber - 1) * perPage).prefix(perPage)
        let base = origin(of: request)
        let recordings = slice.map { entry in
            var served = entry.recording
            served.fileURL = entry.audio == nil ? nil : "\(base)/\(served.id)/download"
            return served
        }
        let page = Page(
            numRecordings: matches.count, numSpecies: Set(matches.map(\.recording.scientificName)).count, page: pageNumber,
            numPages: pages + (faults.extraPage ? 1 : 0), recordings: recordings)
        let extras = slice.map(\.extraFields)
        guard extras.contains(where: { !$0.isEmpty }) else { return json(page, status: .ok) }
        return json(try Self.adding(extras, to: page), status: .ok, sortingKeys: true)
    }

    /// A query parameter read as a form value, where `+` is a space (what Python's requests sends).
    static func formValue(_ name: String, in query: String) -> String? {
        query.split(separator: "&").lazy.compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { return nil }
            return parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }.first
    }

    /// The page with each recording's extra fields added to its object: fields of the live API that
    /// Chirper does not model, for `--json` to pass through.
    static func adding(_ extras: [[String: JSONValue]], to page: Page) throws -> JSONValue {
        guard case .object(var object) = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(page)),
              case .array(let recordings)? = object["recordings"] else { return .null }
        object["recordings"] = .array(zip(recordings, extras).map { recording, extra in
            guard case .object(let fields) = recording else { return recording }
            return .object(fields.merging(extra) { _, added in added })
        })
        return .object(object)
    }

    // MARK: Files

    /// xeno-canto's `file` URLs answer with a redirect to the stored MP3.
    func download(_ id: String, _ request: Request) -> Response {
        guard let entry = configuration.catalog.entry(id: id), entry.audio != nil else {
            return Response(status: .notFound, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<html>not found</html>")))
        }
        return Response(status: .found, headers: [.location: origin(of: request) + "/sounds/XC\(id).mp3"])
    }

    /// Where the client reached this server (its Host header): file URLs lead back the same way, so a
    /// client behind a relay (`make bench`'s delayed link) fetches the files through it too.
    private func origin(of request: Request) -> String {
        if let authority = request.head.authority, !authority.isEmpty { return configuration.scheme + "://" + authority }
        return origin.withLock { $0 }
    }

    func sound(_ request: Request, name: String) async throws -> Response {
        let id = String(name.dropFirst(2).prefix { $0.isNumber })
        guard name.hasPrefix("XC"), name.hasSuffix(".mp3"), let spec = configuration.catalog.entry(id: id)?.audio else {
            return Response(status: .notFound, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<html>not found</html>")))
        }
        var bytes = try Data(contentsOf: try await audio.file(for: spec))
        // Where the connection drops, as an offset in the whole file (nil: it does not); where it stalls;
        // how fast the bytes go (nil: as fast as they can); how much the length overstates the file.
        var dropAt: Int?
        var stall: (at: Int, seconds: Double)?
        var rate: Int?
        var overstated = 0
        switch faults.takeAudioFault(id) {
        case nil: break
        case .html?:
            return Response(status: .ok, headers: [.contentType: "audio/mpeg"], body: .init(byteBuffer: ByteBuffer(string: "<!DOCTYPE html><html><body>Sound not available</body></html>")))
        case .empty?:
            return Response(status: .ok, headers: [.contentType: "audio/mpeg", .contentLength: "0"], body: .init())
        case .notFound?:
            return Response(status: .notFound, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<html>not found</html>")))
        case .truncated(let fraction)?:
            bytes = bytes.prefix(Int(Double(bytes.count) * fraction))
        case .closeMidFile(let fraction)?, .resetAt(let fraction, _)?:
            dropAt = Int(Double(bytes.count) * fraction)
        case .wav(let bits)?:
            bytes = WAVFile.data(spec, bits: bits)
        case .streamingWAV(let declared)?:
            bytes = WAVFile.data(spec, declaredSize: declared)
        case .coverArt(let size)?:
            bytes = ID3Tag.picture(bytes: size) + bytes
        case .rateChange(let from, let to)?:
            var first = spec, second = spec
            (first.sampleRate, first.kilobitsPerSecond) = (from, 32)
            (second.sampleRate, second.kilobitsPerSecond) = (to, 128)
            bytes = try Data(contentsOf: try await audio.file(for: first)) + Data(contentsOf: try await audio.file(for: second))
        case .stall(let fraction, let seconds)?:
            stall = (Int(Double(bytes.count) * fraction), seconds)
        case .slow(let bytesPerSecond)?:
            rate = max(10, bytesPerSecond)
        case .longerLength(let extra)?:
            overstated = extra
        case .status(let code, _, let retryAfter)?:
            var headers: HTTPFields = [.contentType: "text/html"]
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            return Response(status: .init(code: code), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "<html>HTTP \(code)</html>")))
        }
        var range = 0..<bytes.count
        var status = HTTPResponse.Status.ok
        var headers: HTTPFields = [.contentType: "audio/mpeg", .acceptRanges: "bytes"]
        if let header = request.headers[.range], let asked = ByteRange.parse(header, size: bytes.count) {
            range = asked
            status = .partialContent
            headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound - 1)/\(bytes.count)"
        }
        let announced = range.count + overstated
        headers[.contentLength] = String(announced)
        // The announced length, but only the bytes before the drop point.
        let body = bytes[range.lowerBound..<min(range.upperBound, max(range.lowerBound, dropAt ?? range.upperBound))]
        let dropsConnection = body.count < announced
        let stallAt = stall
        let (piece, trickles) = (rate.map { max(1, $0 / 10) } ?? 16_384, rate != nil)
        return Response(status: status, headers: headers, body: .init(contentLength: announced) { writer in
            var offset = body.startIndex
            var stall = stallAt.flatMap { $0.at > offset ? $0 : nil }
            while offset < body.endIndex {
                if trickles, offset > body.startIndex { try await Task.sleep(for: .milliseconds(100)) }
                var end = min(body.endIndex, offset + piece)
                if let pause = stall, end >= pause.at {
                    end = pause.at
                    if end > offset { try await writer.write(ByteBuffer(bytes: body[offset..<end])) }
                    offset = end
                    try await Task.sleep(for: .milliseconds(Int(pause.seconds * 1000)))
                    stall = nil
                    continue
                }
                try await writer.write(ByteBuffer(bytes: body[offset..<end]))
                offset = end
            }
            if dropsConnection { throw CancellationError() }  // drop the connection short of the announced length
            try await writer.finish(nil)
        })
    }

    /// `sortingKeys`: the same answer in the same bytes each time, for a value whose objects are
    /// dictionaries (their order is not kept otherwise).
    private func json(_ value: some Encodable, status: HTTPResponse.Status, headers: HTTPFields = [.contentType: "application/json"], sortingKeys: Bool = false) -> Response {
        let encoder = JSONEncoder()
        if sortingKeys { encoder.outputFormatting = .sortedKeys }
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// `bytes=START-END` and `bytes=START-` (one range; the players ask for no more).
enum ByteRange {
    static func parse(_ header: String, size: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let parts = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : min(size - 1, Int(parts[1]) ?? size - 1)
        return end >= start ? start..<(end + 1) : nil
    }
}

/// Logs every request for the tests' assertions (what was asked, when, with which Range).
struct RequestLogger: RouterMiddleware {
    let faults: DemoFaults

    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response) async throws -> Response {
        var parameters: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { parameters[String(key)] = String(value) }
        faults.record(.init(path: request.uri.path, parameters: parameters, range: request.headers[.range], at: .now))
        return try await next(request, context)
    }
}
