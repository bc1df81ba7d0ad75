import ChirperCore
import XenoCanto
import XenoCantoHTTP

/// `demo` and `serve-demo`: the built-in catalog (`chirper-demo`, a child process) searched and played,
/// or run in this process's place.
public enum DemoJob {
    /// Starts the catalog, lists the query's results and plays the first playable one.
    public static func run(words: [String], sound: SoundChoice) async throws {
        let key = "demo"
        let server: DemoProcess
        do { server = try DemoProcess(["--key", key]) } catch {
            throw CommandFailure(message: "chirper: \(error)", exitCode: .network)
        }
        defer { server.stop() }
        StandardOutput.write(["Demo catalog on \(server.apiURL) (key \"\(key)\")", ""])
        let client = NameReadingClient(XenoCantoClient(settings: APISettings(baseURL: server.apiURL, key: key)))
        let state = await ListState.firstPage(of: words, pages: PageChoice(perPage: PageSize.allowed.lowerBound), client: client)
        try SearchOutput(json: false, width: Terminal.tableWidth).finish(state)
        guard let first = state.listing?.rows.first(where: { $0.recording.isPlayable })?.recording, let url = first.audioURL else { return }
        StandardOutput.write(["", "Playing the first result:", RecordingHeader.line(first)])
        try await PlayJob.play(.url(url), name: "XC" + first.id, duration: first.duration, options: sound.playerOptions(), desktop: .of(first),
                               marksOn: nil)  // the demo's numbers are real recordings' on xeno-canto
    }

    /// Replaces this process with the catalog's server, its options passed on unchanged; returns only
    /// when it could not be started.
    public static func serve(_ arguments: [String]) -> CommandFailure {
        CommandFailure(message: "chirper: \(DemoProcess.exec(arguments))", exitCode: .network)
    }
}
