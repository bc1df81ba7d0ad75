import FoundationEssentials
import NIOCore
import NIOHTTP1

/// Where a URL's GET goes: host, port, TLS or not, and the path with its query. Every URL Chirper
/// follows is read here (a flag's, a config file's, a `file` field's, a redirect's `Location`), so its
/// port is checked here: 1 to 65535, or absent.
public enum HTTPURL {
    /// Why `url` cannot be asked for (not http(s), no host, a port out of range), nil when it can.
    public static func problem(_ url: String) -> String? { Target.problem(url) }
}

struct Target: Sendable {
    /// Why `url` cannot be asked for, in a person's words; nil when it can.
    static func problem(_ url: String) -> String? {
        do {
            _ = try Target(url)
            return nil
        } catch {
            return error.description
        }
    }

    let url: String
    let host: String
    let port: Int
    let secure: Bool
    let pathAndQuery: String

    init(_ url: String) throws(NetworkError) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parsed.host(percentEncoded: false), !host.isEmpty
        else { throw .invalidURL }
        let secure = scheme == "https"
        switch Self.portText(of: url) {
        case nil:
            port = secure ? 443 : 80
        case let text?:
            guard text.count <= 5, let number = Int(text), (1...65535).contains(number) else { throw .invalidPort(String(text.prefix(24))) }
            port = number
        }
        self.url = url
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.secure = secure
        let path = parsed.path(percentEncoded: true)
        pathAndQuery = (path.isEmpty ? "/" : path) + (parsed.query(percentEncoded: true).map { "?" + $0 } ?? "")
    }

    /// The port as written in the URL's authority (after the host, past any `[IPv6]` and user), nil when
    /// none is: Foundation's `port` reads one too large for an Int as none at all.
    static func portText(of url: String) -> Substring? {
        // The scheme (http or https, `init` checked) ends at the first colon.
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        var authority = url[url.index(colon, offsetBy: 3)...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let bracket = authority.lastIndex(of: "]") { authority = authority[authority.index(after: bracket)...] }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        let text = authority[authority.index(after: colon)...]
        return text.isEmpty ? nil : text
    }

    /// The request's head. `decompressing`: gzip and deflate are accepted (the connection's inflater
    /// asks for them); otherwise the body is asked for as it is stored, as a Range request needs.
    func request(headers: HTTPHeaders, decompressing: Bool) -> HTTPRequestHead {
        var all = headers
        if !decompressing && !all.contains(name: "Accept-Encoding") { all.add(name: "Accept-Encoding", value: "identity") }
        let defaultPort = port == (secure ? 443 : 80)
        let name = host.contains(":") ? "[\(host)]" : host  // an IPv6 literal
        all.replaceOrAdd(name: "Host", value: defaultPort ? name : "\(name):\(port)")
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: pathAndQuery, headers: all)
    }

    /// The address itself when `host` is one rather than a name: nothing to resolve, and TLS then
    /// sends no server name.
    var address: SocketAddress? { try? SocketAddress(ipAddress: host, port: port) }
}

