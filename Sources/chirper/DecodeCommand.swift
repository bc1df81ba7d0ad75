import ArgumentParser
import Audio
import FoundationEssentials
import Glibc

extension Chirper {
    /// Decodes a recording to nothing, as fast as it goes: `make bench` times it beside `mpg123 -t`.
    /// Hidden: it is a measuring tool, not something a listener needs.
    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Decode a recording without playing it, and say how long that took.",
            shouldDisplay: false)

        @Argument(help: "123456, XC123456, a URL or a file path.")
        var recording: String

        @OptionGroup var api: APIOptions

        func run() async throws {
            let (source, _, _) = try await RecordingSource.resolve(recording, api: api)
            let start = ContinuousClock.now
            var bytes = 0
            do {
                let track = try await DecodedTrack.open(source)
                decoding: while true {
                    switch try await track.nextPiece() {
                    case .format: continue
                    case .pcm(let pcm): bytes += pcm.count
                    case .end: break decoding
                    }
                }
            } catch {
                throw CommandFailure(message: "chirper: \(recording): \(error.description)", exitCode: .playbackFailed)
            }
            let elapsed = ContinuousClock.now - start
            StandardOutput.write(["decoded \(bytes) bytes of PCM in \(elapsed)"])
        }
    }
}
