import FoundationEssentials

/// Where the API is and which key to send (`Configuration` resolves them from options, environment and the config file).
public struct APISettings: Sendable {
    public static let defaultBaseURL = "https://xeno-canto.org/api/3"

    public var baseURL: String
    public var key: String?

    public init(baseURL: String = APISettings.defaultBaseURL, key: String?) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.key = key
    }

    /// The URL the API's `file` field gives recording `number` (xeno-canto's `https://xeno-canto.org/N/download`):
    /// the API's origin, then `/N/download`. Known before the lookup answers, so a play can ask for the
    /// file beside it; nil when the base URL has no origin.
    public func expectedFileURL(ofRecording number: String) -> String? {
        guard let schemeEnd = baseURL.firstRange(of: "://") else { return nil }
        let authority = baseURL[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return nil }
        return baseURL[..<schemeEnd.upperBound] + authority + "/\(number)/download"
    }
}
