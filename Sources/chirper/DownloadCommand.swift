import ChirperCore
import ArgumentParser
import Audio
import FoundationEssentials
import Glibc
import PlaybackModel
import XenoCanto

extension Chirper {
    /// `chirper download`: recordings' files saved under their xeno-canto names.
    struct Download: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "download",
            abstract: "Save recordings' sound files under their xeno-canto file names.",
            discussion: """
                Give XC numbers, or --query (with --page and --per-page) for every recording of a page. A file \
                already there with the server's size is skipped; a different file of the same name is left \
                as it was and reported. Exit 0 when every file is there, 4 when a download failed, 5 when a \
                recording has no file or a different file holds its name.
                """)

        @Argument(help: "XC numbers: 123456 or XC123456.")
        var recordings: [String] = []

        @Option(help: "The folder to save into (made if missing).")
        var dir = "."

        @Option(help: "Download every recording of a page of this query's results instead.")
        var query: String?

        @Option(help: "The page of --query's results, from 1.")
        var page = 1

        @Option(name: .customLong("per-page"), help: "Recordings per page, 50 to 500.")
        var perPage = 100

        @OptionGroup var api: APIOptions

        func validate() throws {
            guard recordings.isEmpty != (query == nil) else {
                throw ValidationError("Give XC numbers or --query, not both and not neither: chirper download XC900001")
            }
            if let bad = recordings.first(where: { !RecordingNumber.isNumber($0) }) {
                throw ValidationError("\(bad) is not an XC number.")
            }
            guard page >= 1 else { throw ValidationError("--page must be 1 or more.") }
            guard PageSize.allowed.contains(perPage) else { throw ValidationError("--per-page must be from 50 to 500.") }
        }

        func run() async throws {
            let client = api.client()
            var wanted: [(number: String, recording: Recording?)] = []
            do {
                if let query {
                    let found = try await client.search(SearchQuery(query), page: page, perPage: perPage)
                    wanted = found.recordings.map { ($0.id, $0) }
                } else {
                    for text in recordings {
                        let number = RecordingNumber.digits(text)
                        wanted.append((number, try await client.recording(number: number)))
                    }
                }
            } catch {
                throw error.failure
            }
            let folder = URL(fileURLWithPath: dir, isDirectory: true)
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                // Nothing was downloaded: not a playback failure (5); exit 4, as when a file cannot be written.
                throw CommandFailure(message: "chirper: cannot make \(dir): \(FileProblem.describe(error))", exitCode: .network)
            }
            var tally = DownloadTally()
            for (number, recording) in wanted {
                await save(number: number, recording: recording, into: folder, tally: &tally)
            }
            StandardOutput.write([tally.summary(folder: dir)])
            if let code = tally.exitCode { throw CommandFailure(message: "", exitCode: code) }
        }

        private func save(number: String, recording: Recording?, into folder: URL, tally: inout DownloadTally) async {
            guard let recording else {
                tally.fail("✗ XC\(number): no such recording on xeno-canto", code: .playbackFailed)
                return
            }
            guard let url = recording.audioURL else {
                tally.fail("✗ XC\(number): \(PlaybackError.notPlayable)", code: .playbackFailed)
                return
            }
            let name = RecordingDownload.safeFileName(recording.fileName ?? "") ?? "XC\(number).mp3"
            let bar = ProgressBar(name: name)
            do {
                switch try await RecordingDownload.save(url, to: folder.appendingPathComponent(name), progress: bar.show) {
                case .saved(let bytes):
                    bar.finish("saved \(name) (\(ByteCount.text(bytes)))")
                    tally.saved(bytes)
                case .alreadyThere:
                    bar.finish("already there: \(name)")
                    tally.skipped += 1
                }
            } catch {
                bar.finish(nil)
                switch error {
                case .differentFileThere: tally.fail("✗ XC\(number): \(error)", code: .playbackFailed)
                case .input, .file: tally.fail("✗ XC\(number): \(error)", code: .network)
                }
            }
        }
    }
}

/// What a download run did, for the closing line and the exit code.
struct DownloadTally {
    var files = 0
    var bytes = 0
    var skipped = 0
    var failures = 0
    var exitCode: ExitStatus?

    mutating func saved(_ count: Int) {
        files += 1
        bytes += count
    }

    mutating func fail(_ message: String, code: ExitStatus) {
        StandardError.write(message)
        failures += 1
        exitCode = exitCode ?? code
    }

    func summary(folder: String) -> String {
        var parts = ["Saved \(files) file\(files == 1 ? "" : "s") (\(ByteCount.text(bytes))) in \(folder)"]
        if skipped > 0 { parts.append("\(skipped) already there") }
        if failures > 0 { parts.append("\(failures) failed") }
        return parts.joined(separator: ", ") + "."
    }
}

/// A file's progress on one redrawn stderr line when stderr is a terminal; nothing otherwise (the
/// closing line of each file is printed either way).
final class ProgressBar {
    private let name: String
    private let live = Terminal.allowsEscapes(STDERR_FILENO)
    private var lastDrawn = ContinuousClock.now - .seconds(1)

    init(name: String) { self.name = name }

    func show(_ written: Int, _ total: Int?) {
        guard live, ContinuousClock.now - lastDrawn >= .milliseconds(100) || written == total else { return }
        lastDrawn = ContinuousClock.now
        var line = name + "  "
        if let total, total > 0 {
            let filled = min(20, written * 20 / total)
            line += "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled) + "] "
            line += "\(written * 100 / total)%  \(ByteCount.text(written)) of \(ByteCount.text(total))"
        } else {
            line += ByteCount.text(written)
        }
        StandardError.raw(TerminalEscape.clearLine + line)
    }

    /// Clears the bar and prints the file's closing line on stdout.
    func finish(_ line: String?) {
        if live { StandardError.raw(TerminalEscape.clearLine) }
        if let line { StandardOutput.write([line]) }
    }
}
