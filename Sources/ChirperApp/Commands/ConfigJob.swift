import ChirperCore
import DisplayText
import FoundationEssentials
import XenoCanto
import XenoCantoHTTP

/// `config`: every setting in force, what it is and where it came from (option, environment, the
/// config file and its line, or the default), as `git config --list --show-origin` tells.
public enum ConfigJob {
    /// The options given on `chirper config`'s own command line, shown as such.
    public struct Options: Sendable {
        public var key: String?, apiURL: String?, volume: Int?, speed: Double?, perPage: Int?, device: String?, color: ColorChoice?

        public init(key: String?, apiURL: String?, volume: Int?, speed: Double?, perPage: Int?, device: String?, color: ColorChoice?) {
            (self.key, self.apiURL, self.volume, self.speed, self.perPage, self.device, self.color) = (key, apiURL, volume, speed, perPage, device, color)
        }
    }

    public static func run(_ options: Options) {
        StandardOutput.write(lines(options, configuration: .current))
    }

    static func lines(_ options: Options, configuration: Configuration) -> [String] {
        func row<Value>(_ name: String, _ setting: Configuration.Setting<Value>?, unset: String, show: (Value) -> String) -> [String] {
            [name, setting.map { show($0.value) } ?? unset, Displayable.line((setting?.origin ?? .standard).description)]
        }
        let rows = [
            // The key is never printed: only that it is there, and how long it is.
            row("key", configuration.key(option: options.key), unset: "(none: set XC_API_KEY or pass --key)") { "(hidden, \($0.count) characters)" },
            row("api-url", configuration.apiURL(option: options.apiURL), unset: "") { Displayable.line($0) },
            row("volume", configuration.volume(option: options.volume), unset: "(the sound server's)") { String($0) },
            row("speed", configuration.speed(option: options.speed), unset: "") { number($0) },
            row("per-page", configuration.perPage(option: options.perPage), unset: "") { String($0) },
            row("device", configuration.device(option: options.device), unset: "(the server's default sink)") { Displayable.line($0) },
            row("color", configuration.color(option: options.color), unset: "") { $0.rawValue },
            row("names", configuration.nameStyle, unset: "") { $0.rawValue },
            row("plain", configuration.plain(option: Terminal.plainOnCommandLine), unset: "") { $0 ? "true" : "false" },
        ]
        let widths = (0..<2).map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        let table = rows.map { cells in
            cells[0].padding(to: widths[0]) + "  " + cells[1].padding(to: widths[1]) + "  " + cells[2]
        }
        let path = ConfigFile.path(environment: configuration.environment)
        let exists = FileManager.default.fileExists(atPath: path)
        // An address from the environment or an option is checked when a command uses it; said here too.
        let apiURL = configuration.apiURL(option: options.apiURL)
        let unusable = XenoCantoClient.problem(withBaseURL: apiURL.value).map {
            ["", "The api-url in force is unusable: \(Displayable.line($0)); every command that asks the API will stop with exit 2."]
        } ?? []
        return table + unusable + ["", "Config file: " + Displayable.line(path) + (exists ? "" : " (none yet; name = value lines, e.g. volume = 60)")]
    }

    /// 1, 0.5 (no trailing ".0").
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

private extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - TextWidth.of(self))) }
}
