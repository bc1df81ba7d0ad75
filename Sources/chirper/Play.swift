import ArgumentParser
import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import PlaybackModel
import XenoCanto

/// The options of every command that makes sound.
struct AudioOptions: ParsableArguments {
    @Option(help: "The PulseAudio sink to play to (default: the server's default sink).")
    var device: String?

    @Option(help: "Volume, 0 to 100 (default: the server's choice).")
    var volume: Int?

    @Option(help: "The PulseAudio server (default: PULSE_SERVER or the local one).")
    var server: String?

    @Flag(name: .customLong("no-cache"), help: "Neither keep downloads nor play from the cache.")
    var noCache = false

    @Option(name: .customLong("cache-size"), help: ArgumentHelp("The cache's limit: 1G (the default), 500M, 800K; the least recently played go first.", valueName: "size"))
    var cacheSize = "1G"

    @OptionGroup var listening: ListeningOptions

    func validate() throws {
        if let volume, !(0...100).contains(volume) { throw ValidationError("--volume must be from 0 to 100.") }
        guard Self.bytes(cacheSize) != nil else { throw ValidationError("--cache-size takes a size such as 1G, 500M or 800K.") }
    }

    /// "1G", "500M", "800K", "250" (MB) → bytes.
    static func bytes(_ size: String) -> Int? {
        let units: [Character: Int] = ["K": 1_000, "M": 1_000_000, "G": 1_000_000_000]
        let unit = size.last.flatMap { units[Character($0.uppercased())] }
        guard let number = Double(unit == nil ? size : String(size.dropLast())), number > 0 else { return nil }
        return Int(number * Double(unit ?? 1_000_000))
    }

    /// Opens the recordings cache and sweeps the temporary files of downloads killed mid-way (beside the
    /// play: the first sound does not wait for a directory listing); nil with --no-cache.
    func openCache() -> AudioCache? {
        guard !noCache else { return nil }
        let cache = AudioCache(directory: AudioCache.defaultDirectory(), limit: Self.bytes(cacheSize) ?? AudioCache.defaultLimit)
        Task.detached(priority: .background) { cache.sweep() }
        return cache
    }

    /// The player's options, with the cache opened (and swept).
    func playerOptions() -> PlaybackEngine.Options {
        PlaybackEngine.Options(server: server, device: device, volume: volume.map { Double($0) / 100 }, cache: openCache(),
                               speed: listening.playbackSpeed, loop: listening.section)
    }
}

extension Chirper {
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract: "Play one recording: an XC number, an http(s) URL or a local MP3 file.",
            discussion: "Keys on a terminal: space pauses and resumes, → and ← seek 5 s, + and - volume, [ and ] speed −/+ 10 %, { and } halve and double it, Backspace 1×, t tape or pitch kept, l marks a loop's start, end, and clears it, q stops, Ctrl-C stops at once (exit 130).")

        @Argument(help: "123456, XC123456, a URL or a file path.")
        var recording: String

        @OptionGroup var audio: AudioOptions
        @OptionGroup var api: APIOptions

        @Flag(help: "Ask nothing of the network: play the recording from the cache (see chirper cache list).")
        var offline = false

        func run() async throws {
            let (source, name, duration) = try await resolve()
            try await Chirper.play(source, name: name, duration: duration, options: audio.playerOptions())
        }

        private func resolve() async throws -> (AudioSource, String, Double?) {
            guard offline, RecordingNumber.isNumber(recording), !FileManager.default.fileExists(atPath: recording) else {
                return try await RecordingSource.resolve(recording, api: api)
            }
            let number = RecordingNumber.digits(recording)
            guard let file = AudioCache(directory: AudioCache.defaultDirectory()).file(forRecording: number) else {
                throw CommandFailure(message: "chirper: XC\(number) is not in the cache, and --offline asks nothing of the network.",
                                     exitCode: .playbackFailed)
            }
            return (.file(file.path), "XC\(number)", nil)
        }
    }

    /// Plays with the live status: a queue of one. A failure exits 5 with its reason.
    static func play(_ source: AudioSource, name: String, duration: Double?, options: PlaybackEngine.Options) async throws {
        let track = PlaybackEngine.Track(id: name, source: source, duration: duration)
        let session = PlayingSession([.init(track: track, header: nil, name: name)], options: options)
        let report = await session.run()
        if session.interrupted.isSet { throw CommandFailure(message: "", exitCode: .interrupted) }
        if let failure = report.failed.first {
            throw CommandFailure(message: "chirper: \(name): \(failure.error)", exitCode: .playbackFailed)
        }
    }
}

extension Chirper.Play {
    /// The URL `play` will ask for first, read from the raw arguments so that the request can overlap
    /// the parsing (`StartWork`): the one direct URL among them (not the value of `--api-url`), unless
    /// the cache holds it, `--offline` forbids the network or help is asked for. When the parse finds
    /// another recording, the early answer is simply not taken.
    static func urlBeforeParsing(_ arguments: [String]) -> String? {
        guard !arguments.contains(where: { ["--offline", "--help", "-h", "--"].contains($0) }) else { return nil }
        let urls = arguments.indices.filter { RecordingSource.isDirectURL(arguments[$0]) && ($0 == 0 || arguments[$0 - 1] != "--api-url") }
        guard urls.count == 1 else { return nil }
        let url = arguments[urls[0]]
        if !arguments.contains("--no-cache"), AudioCache(directory: AudioCache.defaultDirectory()).holds(url) { return nil }
        return url
    }
}

/// What `play` and `sonogram` are given: an XC number (looked up, its header printed), an http(s) URL or a
/// local file. Returns the source, a name for messages, and the length the API gave.
enum RecordingSource {
    /// An http(s) URL to play as it is (a xeno-canto page is looked up by its number instead).
    static func isDirectURL(_ text: String) -> Bool {
        (text.hasPrefix("http://") || text.hasPrefix("https://")) && (!text.contains("xeno-canto.org/") || text.hasSuffix(".mp3"))
    }

    static func resolve(_ recording: String, api: APIOptions) async throws -> (AudioSource, String, Double?) {
        let found = try await lookup(recording, api: api)
        if let listed = found.recording { StandardOutput.write([RecordingHeader.line(listed)]) }
        return (try found.playable(), found.name, found.duration)
    }

    /// What `recording` names: its source, a name for messages, the API's length and entry (an XC number).
    struct Found {
        /// Nil for a restricted recording: listed, with no file.
        var source: AudioSource?
        var name: String
        var duration: Double?
        var recording: Recording?

        /// The source, or the failure of a restricted recording.
        func playable() throws -> AudioSource {
            guard let source else {
                throw CommandFailure(message: "chirper: \(name) is " + PlaybackError.notPlayable.description, exitCode: .playbackFailed)
            }
            return source
        }
    }

    /// As `resolve`, printing nothing.
    static func lookup(_ recording: String, api: APIOptions) async throws -> Found {
        if isDirectURL(recording) {
            return Found(source: .url(recording), name: recording)
        }
        if FileManager.default.fileExists(atPath: recording) || !RecordingNumber.isNumber(recording) {
            return Found(source: .file(recording), name: recording)
        }
        let number = RecordingNumber.digits(recording)
        let found: Recording?
        do { found = try await api.client().recording(number: number) } catch { throw error.failure }
        guard let found else {
            throw CommandFailure(message: "chirper: no recording XC\(number) on xeno-canto.", exitCode: .noMatch)
        }
        return Found(source: found.audioURL.map { .url($0) }, name: "XC\(found.id)", duration: found.duration, recording: found)
    }
}
