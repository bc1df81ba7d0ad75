import XenoCanto
import XenoCantoHTTP

/// Which API to ask and with which key, as the command line gave them; the environment and the config
/// file fill in what it left out.
public struct APIChoice: Sendable {
    public var key: String?
    public var apiURL: String?
    /// The run's environment and config file, which fill in what the command line left out.
    public var configuration: Configuration

    public init(key: String?, apiURL: String?, configuration: Configuration) {
        self.key = key
        self.apiURL = apiURL
        self.configuration = configuration
    }

    /// The live client; a usage error when the API's URL cannot be asked (not http(s), a port out of
    /// range). `rereading`: the environment and the config file read anew (browse's `r` after a
    /// failure uses a config file put right meanwhile); else the run's settings, read once.
    public func client(rereading: Bool = false) throws(CommandFailure) -> XenoCantoClient {
        let configuration = rereading ? Configuration.reading() : self.configuration
        let settings = APISettings(baseURL: configuration.apiURL(option: apiURL).value, key: configuration.key(option: key)?.value)
        if let key = settings.key { Redaction.hide(key) }
        if let problem = XenoCantoClient.problem(withBaseURL: settings.baseURL) {
            throw CommandFailure(message: "chirper: the API URL \(settings.baseURL) is unusable: \(problem). "
                + "Give an http(s) URL such as \(APISettings.defaultBaseURL) (--api-url, XC_API_URL or api-url in the config file).",
                exitCode: .usage)
        }
        return XenoCantoClient(settings: settings)
    }
}
