import ArgumentParser
import Audio
import ChirperApp
import XenoCanto

/// The options of every command that makes sound.
struct AudioOptions: ParsableArguments {
    @Option(help: "The PulseAudio sink to play to (default: PULSE_SINK, else device in the config file, else the server's default sink).")
    var device: String?

    @Option(help: "Volume, 0 to 100 (default: volume in the config file, else the server's choice).")
    var volume: Int?

    @Option(help: "The PulseAudio server (default: PULSE_SERVER or the local one).")
    var server: String?

    @Flag(name: .customLong("no-cache"), help: "Neither keep downloads nor play from the cache.")
    var noCache = false

    @Option(name: .customLong("cache-size"), help: ArgumentHelp("The cache's limit: 1G (the default), 500M, 800K; the least recently played go first.", valueName: "size"))
    var cacheSize = "1G"

    @OptionGroup var listening: ListeningOptions

    func validate() throws {
        try OptionRange.check(volume, ConfigFile.volumes, "--volume must be from 0 to 100.")
        guard Self.bytes(cacheSize) != nil else { throw ValidationError("--cache-size takes a size from 1K to 1000000G, such as 1G, 500M or 800K.") }
    }

    /// "1G", "500M", "800K", "250" (MB) → bytes.
    static func bytes(_ size: String) -> Int? {
        let units: [Character: Int] = ["K": 1_000, "M": 1_000_000, "G": 1_000_000_000]
        let unit = size.last.flatMap { units[Character($0.uppercased())] }
        // At most a petabyte: past Int's range the byte count would trap.
        guard let number = Double(unit == nil ? size : String(size.dropLast())),
              (1...1e15).contains(number * Double(unit ?? 1_000_000)) else { return nil }
        return Int(number * Double(unit ?? 1_000_000))
    }

    var choice: SoundChoice {
        let configuration = Configuration.current
        return SoundChoice(server: server, device: configuration.device(option: device)?.value, volume: configuration.volume(option: volume)?.value,
                    cacheLimit: noCache ? nil : Self.bytes(cacheSize) ?? AudioCache.defaultLimit,
                    speed: listening.playbackSpeed, loop: listening.section, startWork: Chirper.startWork)
    }
}
