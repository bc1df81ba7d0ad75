import FoundationEssentials

/// `~/.config/chirper/config` (or `$XDG_CONFIG_HOME/chirper/config`): `name = value` lines, `#` comments.
/// Known names: `key`, `api-url`, and the defaults of the options `volume`, `speed`, `per-page`,
/// `device`, `color`, and `names` (which English names Chirper shows), each value checked against its option's range here. Read line by line, so a line that cannot be used (bytes that are not
/// UTF-8, a `key: …` written with a colon, a name Chirper does not know) costs only that line: it is
/// named in a warning, with its number and what was expected, and the other lines still count.
/// A warning never quotes a line's value (it may be the key).
public struct ConfigFile: Sendable, Equatable {
    /// The names a setting may have.
    public static let names = ["key", "api-url", "volume", "speed", "per-page", "device", "color", "names", "plain"]
    /// The name styles `names` takes: AviList/IOC's English names (xeno-canto's), eBird's, or scientific.
    public static let nameStyles = ["ioc", "ebird", "scientific"]
    /// The volumes `--volume` takes.
    public static let volumes = 0...100
    /// The speeds `--speed` takes (`PlaybackSpeed`'s range; a test holds the two the same).
    public static let speeds = 0.1...2.0

    /// Each setting found, by its lowercased name.
    public private(set) var values: [String: String] = [:]
    /// The line each setting was found on (the last, when a name is given twice).
    public private(set) var lines: [String: Int] = [:]
    /// Where the file is; nil for no file.
    public private(set) var path: String?
    /// One sentence for each line not used: the file, the line's number, what was expected.
    public private(set) var warnings: [String] = []

    public static func path(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap(nonBlank)
            ?? ((environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config")
        return base + "/chirper/config"
    }

    /// The file's settings; none (and no warning) when there is no file.
    public static func load(environment: [String: String]) -> ConfigFile {
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return ConfigFile() }
        // Read only a regular file: a folder cannot be, and a FIFO or a device would wait or never end.
        // A link (dotfiles kept elsewhere) is read as what it leads to.
        // A link to /dev/null, the usual way to turn a dotfile off, is an empty file.
        guard URL(fileURLWithPath: path).resolvingSymlinksInPath().path != "/dev/null" else { return ConfigFile() }
        var unread = ConfigFile()
        do {
            return ConfigFile(bytes: try BoundedFile.read(path, limit: BoundedFile.configLimit), path: path)
        } catch .notAFile(_, let kind) {
            unread.warnings = ["chirper: \(path) is \(kind == "a folder" ? kind : "not a regular file"), not a config file; no settings are read from it"]
        } catch .tooLarge(_, let size, let limit) {
            unread.warnings = ["chirper: \(path) is \(size) bytes, more than the \(limit) a config file may be; its settings are not used"]
        } catch {
            unread.warnings = ["chirper: cannot read \(path) (check its permissions); its settings are not used"]
        }
        return unread
    }

    public init() {}

    /// The settings in `bytes`, a config file's content; `path` names it in the warnings.
    public init(bytes: [UInt8], path: String) {
        self.path = path
        // A byte-order mark, which some editors write first, is not part of the first line.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        // A line ends at LF, CR LF, or a CR alone (an old Mac editor's).
        var rows: [ArraySlice<UInt8>] = []
        var start = text.startIndex, index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                rows.append(text[start..<index])
                if byte == UInt8(ascii: "\r"), index + 1 < text.endIndex, text[index + 1] == UInt8(ascii: "\n") { index += 1 }
                start = index + 1
            }
            index += 1
        }
        rows.append(text[start..<text.endIndex])
        defer { capWarnings() }
        for (index, line) in rows.enumerated() {
            let number = index + 1
            guard line.count <= BoundedFile.lineLimit else {
                warnings.append("chirper: \(path) line \(number) is \(line.count) bytes long, more than the \(BoundedFile.lineLimit) "
                    + "a line may be, so it is ignored; the other lines are used")
                continue
            }
            guard let text = String(validating: line, as: UTF8.self) else {
                warnings.append("chirper: \(path) line \(number) is not UTF-8 text, so it is ignored; the other lines are used")
                continue
            }
            let before = lines
            if let problem = read(text, line: number) { warnings.append("chirper: \(path) line \(number): \(problem); the line is ignored") }
            // The last line that sets a name wins, as in git's config; the one it overrides is named.
            if let name = lines.first(where: { $0.value == number })?.key, let earlier = before[name] {
                warnings.append("chirper: \(path) line \(number) sets `\(name)` again; line \(earlier)'s value is not used")
            }
        }
    }

    /// A file of many unusable lines (not a config file at all) is said in a few lines, not one a line.
    private mutating func capWarnings() {
        let shown = 5
        guard warnings.count > shown + 1, let path else { return }
        let more = warnings.count - shown
        warnings = Array(warnings.prefix(shown)) + ["chirper: \(path): \(more) more lines are not used (is it a config file?)"]
    }

    /// Takes the setting on one line; returns what is wrong with it, when something is.
    private mutating func read(_ line: String, line number: Int) -> String? {
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard !content.trimmed.isEmpty else { return nil }
        let expected = "expected `name = value`, e.g. `key = YOUR_KEY` or `api-url = URL`"
        guard let equals = content.firstIndex(of: "=") else {
            if let colon = content.firstIndex(of: ":"), let name = Self.shown(content[..<colon].trimmed) {
                return "`\(name):` is written with a colon; \(expected)"
            }
            return expected
        }
        let name = content[..<equals].trimmed.lowercased()
        guard Self.names.contains(name) else {
            let known = Self.names.dropLast().map { "`\($0)`" }.joined(separator: ", ") + " or `\(Self.names.last ?? "")`"
            guard !name.isEmpty else { return "no name before `=`; \(expected)" }
            return "\(Self.shown(name).map { "`\($0)` is not a setting" } ?? "not a setting"); expected \(known)"
        }
        var value = content[content.index(after: equals)...].trimmed
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        if let problem = Self.problem(name, value) { return problem }
        values[name] = value
        lines[name] = number
        return nil
    }

    /// What is wrong with a value of an option's default, if anything: each is checked against the
    /// range its option takes, so a default from the file can do nothing an option could not.
    private static func problem(_ name: String, _ value: String) -> String? {
        switch name {
        case "volume": Int(value).map { volumes.contains($0) } == true ? nil : "volume must be a whole number from 0 to 100"
        case "speed": Double(value).map { speeds.contains($0) } == true ? nil : "speed must be from 0.1 to 2"
        case "per-page": Int(value).map { PageSize.allowed.contains($0) } == true ? nil : "per-page must be from 50 to 500"
        case "color": ["auto", "always", "never"].contains(value.lowercased()) ? nil : "color must be auto, always or never"
        case "plain": ["true", "false", "yes", "no", "on", "off", "1", "0"].contains(value.lowercased()) ? nil : "plain must be true or false"
        case "names": nameStyles.contains(value.lowercased()) ? nil : "names must be ioc, ebird or scientific"
        case "api-url": isWebAddress(value) ? nil : "api-url must be an http(s) URL with a host, e.g. https://xeno-canto.org/api/3"
        case "device": value.isEmpty || value.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "device must name a sink" : nil
        default: nil
        }
    }

    /// Whether `text` is an http or https URL with a host: all the file can check of an API's address.
    private static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(url.host(percentEncoded: false) ?? "").isEmpty
    }

    /// The option defaults the file holds, each already in its range.
    public var volume: Int? { values["volume"].flatMap { Int($0) } }
    public var speed: Double? { values["speed"].flatMap { Double($0) } }
    public var perPage: Int? { values["per-page"].flatMap { Int($0) } }
    public var device: String? { values["device"] }
    public var color: String? { values["color"]?.lowercased() }
    public var nameStyle: String? { values["names"]?.lowercased() }

    /// A name as a warning may quote it: short, letters, digits and `-_.` only. Anything else could be
    /// a value typed in the wrong place, or bytes that would act on the terminal: not shown.
    private static func shown(_ name: String) -> String? {
        let plain = !name.isEmpty && name.count <= 32
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)) }
        return plain ? name : nil
    }

    public subscript(name: String) -> String? { values[name] }
}

func nonBlank(_ text: String?) -> String? {
    guard let trimmed = text?.trimmed, !trimmed.isEmpty else { return nil }
    return trimmed
}
