import ArgumentParser
import ChirperApp
import ChirperCore

extension Chirper {
    struct Play: AsyncParsableCommand, TopLevelCommand {
        static let name = "play"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Play one recording: an XC number, an http(s) URL or a local MP3 file.",
            discussion: KeyLists.sentence(on: .play) + " Ctrl-C exits 130.")

        @Argument(help: "123456, XC123456, a URL or a file path.", completion: .file(extensions: ["mp3"]))
        var recording: String

        @OptionGroup var audio: AudioOptions
        @OptionGroup var api: APIOptions

        @Flag(help: "Ask nothing of the network: play the recording from the cache (see chirper cache list).")
        var offline = false

        @Option(name: .customLong("annotations"), help: ArgumentHelp("With . and , go only to the annotations of this taxon or sound type (\"Parus major\", song), and to the marks.", valueName: "words"))
        var annotationsOf: String?

        @Option(name: .customLong("loop-mark"), help: ArgumentHelp("Loop the region of mark N (as chirper marks numbers them); play starts at its start.", valueName: "N"))
        var loopMark: Int?

        func validate() throws {
            try OptionRange.check(loopMark, OptionRange.count, "--loop-mark must be from 1 to 1000000.")
            if loopMark != nil && audio.listening.loop != nil { throw ValidationError("Give --loop or --loop-mark, not both.") }
        }

        func run() async throws {
            var sound = audio.choice
            if let loopMark { sound.loop = try MarksJob.loopSection(mark: loopMark, of: recording) }
            try await PlayJob.run(recording: recording, offline: offline, sound: sound, api: api.choice, annotationsOf: annotationsOf)
        }
    }
}
