import FoundationEssentials

/// Where the API is and which key to send, resolved from flags, environment and the config file.
public struct APISettings: Sendable {
    public static let defaultBaseURL = "https://xeno-canto.org/api/3"

    public var baseURL: String
    public var key: String?

    public init(baseURL: String = APISettings.defaultBaseURL, key: String?) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.key = key
    }

    /// Flag first, then environment (`XC_API_KEY`, `XC_API_URL`), then the config file.
    public static func resolve(
        keyFlag: String?, apiURLFlag: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> APISettings {
        let file = ConfigFile.load(environment: environment)
        let key = [keyFlag, environment["XC_API_KEY"], file["key"]].lazy.compactMap(nonBlank).first
        let url = [apiURLFlag, environment["XC_API_URL"], file["api-url"]].lazy.compactMap(nonBlank).first
        return APISettings(baseURL: url ?? defaultBaseURL, key: key)
    }
}

private func nonBlank(_ text: String?) -> String? {
    guard let trimmed = text?.trimmed, !trimmed.isEmpty else { return nil }
    return trimmed
}

/// `~/.config/chirper/config` (or `$XDG_CONFIG_HOME/chirper/config`): `name = value` lines, `#` comments.
/// Known names: `key`, `api-url`.
public enum ConfigFile {
    public static func path(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap(nonBlank)
            ?? ((environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config")
        return base + "/chirper/config"
    }

    public static func load(environment: [String: String]) -> [String: String] {
        guard let text = try? String(contentsOfFile: path(environment: environment), encoding: .utf8) else {
            return [:]
        }
        return parse(text)
    }

    public static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let equals = content.firstIndex(of: "=") else { continue }
            let name = content[..<equals].trimmed.lowercased()
            var value = content[content.index(after: equals)...].trimmed
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !name.isEmpty { values[name] = value }
        }
        return values
    }
}
