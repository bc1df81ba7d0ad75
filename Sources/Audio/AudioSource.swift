import AsyncHTTPClient
import ChirperHTTP
import Foundation
import NIOCore

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

    /// Opens the source. HTTP errors and unreadable files become `PlaybackError`s here, before any audio.
    func open(client: HTTPClient) async throws(PlaybackError) -> ByteReader {
        switch self {
        case .url(let url):
            let response: HTTPClientResponse
            do {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "User-Agent", value: "chirper")
                // No overall deadline: a long recording streams for minutes. The client's read timeout
                // still ends a connection that goes silent.
                response = try await client.execute(request, deadline: .distantFuture)
            } catch {
                throw .network(reason: NetworkProblem.describe(error))
            }
            guard (200..<300).contains(Int(response.status.code)) else { throw .http(status: Int(response.status.code)) }
            let size = response.headers.first(name: "Content-Length").flatMap(Int.init)
            return ByteReader(size: size, kind: .http(response.body.makeAsyncIterator()))
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else {
                let exists = FileManager.default.fileExists(atPath: path)
                throw .file(reason: exists ? "cannot read \(path)" : "no such file: \(path)")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            return ByteReader(size: size, kind: .file(handle))
        }
    }
}

/// Pulls a source's bytes a chunk at a time. Nothing is read ahead of the caller, so a download is held
/// back by playback (HTTP flow control) and memory stays flat whatever the recording's length.
struct ByteReader {
    enum Kind {
        case http(HTTPClientResponse.Body.AsyncIterator)
        case file(FileHandle)
    }

    /// The total size when the server (Content-Length) or the file system says.
    let size: Int?
    var kind: Kind

    /// The next chunk, or nil at the end.
    mutating func next() async throws -> [UInt8]? {
        switch kind {
        case .http(var iterator):
            let buffer = try await iterator.next()
            kind = .http(iterator)
            return buffer.map { Array($0.readableBytesView) }
        case .file(let handle):
            guard let data = try handle.read(upToCount: 64 * 1024), !data.isEmpty else {
                try? handle.close()
                return nil
            }
            return [UInt8](data)
        }
    }
}
