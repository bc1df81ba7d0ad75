import Audio
import FoundationEssentials

/// What `play` will ask for first, read from the raw arguments before they are parsed, so that the
/// request overlaps the parsing (`StartWork`). It must agree with `play`'s definition: every option
/// that takes a value is listed here, so that no value (a `--api-url`, a `--server`) is taken for the
/// recording; `PlayLookAheadTests` fails when `play` has an option this list lacks. When the parse
/// finds another recording, the early request is simply dropped.
public enum PlayLookAhead {
    /// `play`'s options that take a value, by every name.
    public static let optionsWithValues: Set<String> = [
        "--device", "--volume", "--server", "--cache-size", "--speed", "--loop", "--loop-count", "--api-url", "--key",
        "--loop-mark", "--annotations",
    ]
    /// Arguments after which nothing is requested: no network, help, or the end of the options.
    static let stoppers: Set<String> = ["--offline", "--help", "-h", "--"]

    /// The one direct URL among the arguments that is not an option's value, unless the cache holds it,
    /// `--offline` forbids the network or help is asked for.
    public static func url(in arguments: [String]) -> String? {
        guard !arguments.contains(where: stoppers.contains) else { return nil }
        let urls = arguments.indices.filter { index in
            RecordingSource.isDirectURL(arguments[index]) && (index == 0 || !optionsWithValues.contains(arguments[index - 1]))
        }
        guard urls.count == 1 else { return nil }
        let url = arguments[urls[0]]
        if !arguments.contains("--no-cache"), AudioCache(directory: AudioCache.defaultDirectory()).holds(url) { return nil }
        return url
    }
}
