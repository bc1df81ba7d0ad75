import ArgumentParser
import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import XenoCanto
import XenoCantoHTTP

extension Chirper {
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo",
            abstract: "Search and play the built-in demo catalog: no key, no internet.")

        @Argument(help: "The query to search the demo catalog with.")
        var query: [String] = ["cnt:france", "type:song"]

        @OptionGroup var audio: AudioOptions

        func run() async throws {
            let key = "demo"
            let server: DemoProcess
            do { server = try DemoProcess(["--key", key]) } catch {
                throw CommandFailure(message: "chirper: \(error)", exitCode: .network)
            }
            defer { server.stop() }
            StandardOutput.write(["Demo catalog on \(server.apiURL) (key \"\(key)\")", ""])
            let client = XenoCantoClient(settings: APISettings(baseURL: server.apiURL, key: key))
            let query = SearchQuery(self.query.joined(separator: " "))
            var state = ListState.idle
            await state.run(state.reduce(.searchStarted(query, page: 1)), client: client, perPage: PageSize.allowed.lowerBound)
            try SearchOutput(json: false, width: Terminal.tableWidth).finish(state)
            guard let first = state.listing?.rows.first(where: { $0.recording.isPlayable })?.recording, let url = first.audioURL else { return }
            StandardOutput.write(["", "Playing the first result:", RecordingHeader.line(first)])
            try await Chirper.play(.url(url), name: "XC" + first.id, duration: first.duration, options: audio.playerOptions())
        }
    }
}
