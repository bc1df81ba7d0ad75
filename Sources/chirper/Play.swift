import ArgumentParser
import Audio
import ChirperCore
import Foundation
import XenoCanto

/// The options of every command that makes sound.
struct AudioOptions: ParsableArguments {
    @Option(help: "The PulseAudio sink to play to (default: the server's default sink).")
    var device: String?

    @Option(help: "Volume, 0 to 100 (default: the server's choice).")
    var volume: Int?

    @Option(help: "The PulseAudio server (default: PULSE_SERVER or the local one).")
    var server: String?

    func validate() throws {
        if let volume, !(0...100).contains(volume) { throw ValidationError("--volume must be from 0 to 100.") }
    }

    var playerOptions: Player.Options {
        Player.Options(server: server, device: device, volume: volume.map { Double($0) / 100 })
    }
}

extension Chirper {
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play one recording: an XC number, an http(s) URL or a local MP3 file.",
            discussion: "Keys on a terminal: space pauses and resumes, q stops, Ctrl-C stops at once (exit 130).")

        @Argument(help: "123456, XC123456, a URL or a file path.")
        var recording: String

        @OptionGroup var audio: AudioOptions
        @OptionGroup var api: APIOptions

        func run() async throws {
            let (source, name, duration) = try await resolve()
            try await Chirper.play(source, name: name, duration: duration, options: audio.playerOptions)
        }

        private func resolve() async throws -> (AudioSource, String, Double?) {
            try await RecordingSource.resolve(recording, api: api)
        }
    }

    /// Plays with the live status; a failure exits 5 with its reason.
    static func play(_ source: AudioSource, name: String, duration: Double?, options: Player.Options) async throws {
        let session = PlaybackSession(options: options)
        let outcome = await session.play(source, name: name, duration: duration)
        if session.interrupted.isSet { throw CommandFailure(message: "", exitCode: .interrupted) }
        switch outcome {
        case .finished, .stopped:
            return
        case .failed(let error):
            throw CommandFailure(message: "chirper: \(name): \(error)", exitCode: .playbackFailed)
        }
    }
}

/// What `play` and `sonogram` are given: an XC number (looked up, its header printed), an http(s) URL or a
/// local file. Returns the source, a name for messages, and the length the API gave.
enum RecordingSource {
    static func resolve(_ recording: String, api: APIOptions) async throws -> (AudioSource, String, Double?) {
        if recording.hasPrefix("http://") || recording.hasPrefix("https://"), !recording.contains("xeno-canto.org/") || recording.hasSuffix(".mp3") {
            return (.url(recording), recording, nil)
        }
        if FileManager.default.fileExists(atPath: recording) || !RecordingNumber.isNumber(recording) {
            return (.file(recording), recording, nil)
        }
        let number = RecordingNumber.digits(recording)
        let found: Recording?
        do { found = try await api.client().recording(number: number) } catch { throw error.failure }
        guard let found else {
            throw CommandFailure(message: "chirper: no recording XC\(number) on xeno-canto.", exitCode: .noMatch)
        }
        StandardOutput.write([RecordingHeader.line(found)])
        guard let url = found.audioURL else {
            throw CommandFailure(message: "chirper: XC\(number) is " + PlaybackError.notPlayable.description, exitCode: .playbackFailed)
        }
        return (.url(url), "XC\(found.id)", found.duration)
    }
}
