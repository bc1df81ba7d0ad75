import ArgumentParser
import ChirperApp
import PlaybackModel
import XenoCanto

extension Chirper {
    /// `chirper config`: the settings in force and where each came from.
    struct Config: ParsableCommand, TopLevelCommand {
        static let name = "config"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Show every setting in force and where it came from.",
            discussion: """
                Each setting comes from the command's option, else the environment (XC_API_KEY, XC_API_URL, \
                PULSE_SINK, NO_COLOR), else the config file (~/.config/chirper/config: name = value lines, \
                names key, api-url, volume, speed, per-page, device, color), else the default. Options given \
                here show as they would on any command.
                """)

        @OptionGroup var api: APIOptions

        @Option(help: "As on the commands that play.")
        var volume: Int?

        @Option(help: "As on the commands that play.")
        var speed: Double?

        @Option(name: .customLong("per-page"), help: "As on search, browse and queue.")
        var perPage: Int?

        @Option(help: "As on the commands that play.")
        var device: String?

        @Option(help: ArgumentHelp("As on sonogram: auto, always or never.", valueName: "when"))
        var color: ColorChoice?

        func validate() throws {
            try OptionRange.check(volume, ConfigFile.volumes, "--volume must be from 0 to 100.")
            try OptionRange.check(speed, PlaybackSpeed.slowest...PlaybackSpeed.fastest, "--speed must be from 0.1 to 2.")
            try OptionRange.check(perPage, PageSize.allowed, "--per-page must be from 50 to 500.")
        }

        func run() {
            ConfigJob.run(ConfigJob.Options(key: api.key, apiURL: api.apiURL, volume: volume, speed: speed, perPage: perPage,
                                            device: device, color: color))
        }
    }
}
