import ChirperCore
import FoundationEssentials
import Synchronization
import XenoCanto

/// Every setting in force and where it came from: the command line's option first, then the
/// environment, then the config file, then the default. The commands take their settings from here,
/// and `chirper config` lists them, so the two cannot disagree.
public struct Configuration: Sendable {
    public enum Origin: Equatable, Sendable, CustomStringConvertible {
        case option(String)
        case environment(String)
        case file(String, line: Int)
        case standard

        public var description: String {
            switch self {
            case .option(let name): "option " + name
            case .environment(let name): "environment " + name
            case .file(let path, let line): "\(path) line \(line)"
            case .standard: "default"
            }
        }
    }

    public struct Setting<Value: Sendable>: Sendable {
        public var value: Value
        public var origin: Origin
    }

    let environment: [String: String]
    let file: ConfigFile

    public init(environment: [String: String], file: ConfigFile) {
        self.environment = environment
        self.file = file
    }

    /// This run's: its environment and its config file, as first read.
    public static let current = reading()

    /// The environment and the config file as they are now (browse's `r` reads a file put right
    /// meanwhile). The lines the file cannot use are told on stderr once a run.
    public static func reading() -> Configuration {
        let environment = ProcessInfo.processInfo.environment
        let file = ConfigFile.load(environment: environment)
        if !warned.exchange(true, ordering: .relaxed) {
            for warning in file.warnings { StandardError.write(warning) }
        }
        return Configuration(environment: environment, file: file)
    }

    private static let warned = Atomic<Bool>(false)

    /// The first of the option, the environment variable and the file's line that gives a value.
    func pick<Value: Sendable>(_ name: String, option: Value?, flag: String, variable: String?, read: (String) -> Value?) -> Setting<Value>? {
        if let option { return Setting(value: option, origin: .option(flag)) }
        if let variable, let text = environment[variable], !text.trimmed.isEmpty, let value = read(text.trimmed) {
            return Setting(value: value, origin: .environment(variable))
        }
        if let text = file[name], let value = read(text), let path = file.path, let line = file.lines[name] {
            return Setting(value: value, origin: .file(path, line: line))
        }
        return nil
    }

    public func key(option: String?) -> Setting<String>? {
        pick("key", option: option.flatMap(nonEmpty), flag: "--key", variable: "XC_API_KEY", read: nonEmpty)
    }

    public func apiURL(option: String?) -> Setting<String> {
        pick("api-url", option: option.flatMap(nonEmpty), flag: "--api-url", variable: "XC_API_URL", read: nonEmpty)
            ?? Setting(value: APISettings.defaultBaseURL, origin: .standard)
    }

    /// nil: the sound server's own volume.
    public func volume(option: Int?) -> Setting<Int>? {
        pick("volume", option: option, flag: "--volume", variable: nil) { Int($0) }
    }

    public func speed(option: Double?) -> Setting<Double> {
        pick("speed", option: option, flag: "--speed", variable: nil) { Double($0) } ?? Setting(value: 1, origin: .standard)
    }

    public func perPage(option: Int?) -> Setting<Int> {
        pick("per-page", option: option, flag: "--per-page", variable: nil) { Int($0) } ?? Setting(value: PageSize.standard, origin: .standard)
    }

    /// nil: the server's default sink. PULSE_SINK is the sound server's own variable: it names the sink
    /// when neither the option does.
    public func device(option: String?) -> Setting<String>? {
        pick("device", option: option, flag: "--device", variable: "PULSE_SINK", read: nonEmpty)
    }

    /// NO_COLOR (set to anything but nothing, as no-color.org asks) means never, unless the option says
    /// otherwise.
    public func color(option: ColorChoice?) -> Setting<ColorChoice> {
        if let option { return Setting(value: option, origin: .option("--color")) }
        if !(environment["NO_COLOR"] ?? "").isEmpty { return Setting(value: .never, origin: .environment("NO_COLOR")) }
        return pick("color", option: nil, flag: "--color", variable: nil) { ColorChoice(rawValue: $0.lowercased()) }
            ?? Setting(value: .auto, origin: .standard)
    }

    /// Which English names are shown (`names` in the config file): AviList/IOC's by default, as xeno-canto's.
    public var nameStyle: Setting<NameStyle> {
        pick("names", option: nil, flag: "", variable: nil) { NameStyle(rawValue: $0.lowercased()) } ?? Setting(value: .ioc, origin: .standard)
    }

    /// The linear mode (`--plain`, CHIRPER_PLAIN, `plain` in the config file): whole lines, nothing
    /// redrawn, for screen readers and logs. TERM=dumb and a stdout that is not a terminal ask for it too
    /// (`Terminal.isLinear`); this is the choice made whatever the terminal.
    public func plain(option: Bool?) -> Setting<Bool> {
        pick("plain", option: option == true ? true : nil, flag: "--plain", variable: "CHIRPER_PLAIN", read: Self.yes)
            ?? Setting(value: false, origin: .standard)
    }

    static func yes(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }

    private func nonEmpty(_ text: String) -> String? { text.trimmed.isEmpty ? nil : text.trimmed }
}
