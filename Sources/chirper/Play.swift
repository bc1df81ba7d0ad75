import ArgumentParser
import ChirperApp
import ChirperCore

extension Chirper {
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract: "Play one recording: an XC number, an http(s) URL or a local MP3 file.",
            discussion: KeyLists.sentence(on: .play) + " Ctrl-C exits 130.")

        @Argument(help: "123456, XC123456, a URL or a file path.", completion: .file(extensions: ["mp3"]))
        var recording: String

        @OptionGroup var audio: AudioOptions
        @OptionGroup var api: APIOptions

        @Flag(help: "Ask nothing of the network: play the recording from the cache (see chirper cache list).")
        var offline = false

        func run() async throws {
            try await PlayJob.run(recording: recording, offline: offline, sound: audio.choice, api: api.choice)
        }
    }
}
