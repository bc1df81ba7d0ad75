import XenoCanto
import XenoCantoHTTP

/// Which API to ask and with which key, as the command line gave them; the environment and the config
/// file fill in what it left out.
public struct APIChoice: Sendable {
    public var key: String?
    public var apiURL: String?

    public init(key: String?, apiURL: String?) {
        self.key = key
        self.apiURL = apiURL
    }

    /// The live client.
    public func client() -> XenoCantoClient {
        XenoCantoClient(settings: APISettings.resolve(keyFlag: key, apiURLFlag: apiURL))
    }
}
