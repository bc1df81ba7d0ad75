@testable import ChirperApp
import PlaybackModel
import Testing
import XenoCanto

/// Each setting from the option, else the environment, else the config file's line, else the default.
@Suite("Settings and where they come from")
struct ConfigurationTests {
    static let file = ConfigFile(bytes: Array("key = from-file\nvolume = 40\nspeed = 0.5\ndevice = desk\ncolor = always\n".utf8), path: "/c")

    @Test func optionThenEnvironmentThenFileThenDefault() {
        let plain = Configuration(environment: [:], file: Self.file)
        #expect(plain.key(option: "from-option")?.origin == .option("--key"))
        #expect(plain.key(option: "  ")?.value == "from-file", "a blank option is none")
        #expect(plain.key(option: nil)?.origin == .file("/c", line: 1))
        #expect(plain.volume(option: nil)?.value == 40 && plain.speed(option: nil).value == 0.5)
        #expect(plain.perPage(option: nil).value == PageSize.standard && plain.perPage(option: nil).origin == .standard)
        #expect(plain.apiURL(option: nil).value == APISettings.defaultBaseURL)

        let environment = Configuration(environment: ["XC_API_KEY": "from-env", "PULSE_SINK": "sink", "NO_COLOR": "1"], file: Self.file)
        #expect(environment.key(option: nil)?.value == "from-env" && environment.key(option: nil)?.origin == .environment("XC_API_KEY"))
        #expect(environment.device(option: nil)?.value == "sink")
        #expect(environment.color(option: nil).value == .never && environment.color(option: .always).value == .always, "--color wins over NO_COLOR")
        #expect(Configuration(environment: ["NO_COLOR": ""], file: Self.file).color(option: nil).value == .always, "an empty NO_COLOR is none")
        #expect(Configuration(environment: [:], file: ConfigFile()).volume(option: nil) == nil, "the sound server's own volume")
    }

    @Test func theConfigFilesSpeedsAreThePlayersSpeeds() {
        #expect(ConfigFile.speeds == PlaybackSpeed.slowest...PlaybackSpeed.fastest)
    }
}
