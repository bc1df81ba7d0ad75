import Synchronization
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

    /// The live client. What the config file held that could not be used is told on stderr, once a run
    /// (a queue of XC numbers makes a client for each).
    public func client() -> XenoCantoClient {
        let settings = APISettings.resolve(keyFlag: key, apiURLFlag: apiURL)
        if !Self.warned.exchange(true, ordering: .relaxed) {
            for warning in settings.configWarnings { StandardError.write(warning) }
        }
        return XenoCantoClient(settings: settings)
    }

    private static let warned = Atomic<Bool>(false)
}
