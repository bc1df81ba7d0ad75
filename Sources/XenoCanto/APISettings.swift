import FoundationEssentials

/// Where the API is and which key to send, resolved from flags, environment and the config file.
public struct APISettings: Sendable {
    public static let defaultBaseURL = "https://xeno-canto.org/api/3"

    public var baseURL: String
    public var key: String?
    /// What the config file held that could not be used (`ConfigFile.warnings`), for the command to show.
    public var configWarnings: [String] = []

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
        var settings = APISettings(baseURL: url ?? defaultBaseURL, key: key)
        settings.configWarnings = file.warnings
        return settings
    }
}
