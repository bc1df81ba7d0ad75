import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import PlaybackModel
import XenoCanto

/// `download`: recordings' files saved under their xeno-canto names, by XC number or a page of a
/// query's results. A file already there with the server's size is skipped; a different file of the
/// same name is left as it was and reported.
public enum DownloadJob {
    /// `recordings`: XC numbers; empty when `query` names the recordings.
    /// `folder`: where the files go (made if missing).
    public static func run(recordings: [String], folder: String, query: String?, page: Int, perPage: Int, api: APIChoice) async throws {
        let client = NameReadingClient(try api.client(), resolver: { TaxonomyFile.resolverSayingWhy })
        var wanted: [(number: String, recording: Recording?)] = []
        var readAs: SearchQuery.Alternative?
        do {
            if let query {
                let found = try await client.search(SearchQuery(query), page: page, perPage: perPage)
                wanted = found.recordings.map { ($0.id, $0) }
                readAs = found.readAs
            } else {
                for text in recordings {
                    let number = RecordingNumber.digits(text)
                    wanted.append((number, try await client.recording(number: number)))
                }
            }
        } catch {
            throw error.failure
        }
        if let query, wanted.isEmpty {
            throw CommandFailure(message: ListRenderer.lines(.empty(SearchQuery(query), page: page), width: 200).joined(separator: "\n"), exitCode: .noMatch)
        }
        if let readAs { StandardOutput.write(["(" + readAs.description + ")"]) }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            // Nothing was downloaded: not a playback failure (5); exit 4, as when a file cannot be written.
            throw CommandFailure(message: "chirper: cannot make \(folder): \(FileProblem.describe(error))", exitCode: .network)
        }
        var tally = DownloadTally()
        for (number, recording) in wanted {
            await save(number: number, recording: recording, into: directory, tally: &tally)
        }
        StandardOutput.write([tally.summary(folder: folder)])
        if let code = tally.exitCode { throw CommandFailure(exitCode: code) }
    }

    private static func save(number: String, recording: Recording?, into folder: URL, tally: inout DownloadTally) async {
        guard let recording else {
            tally.fail("✗ XC\(number): no such recording on xeno-canto", code: .playbackFailed)
            return
        }
        guard let url = recording.audioURL else {
            tally.fail("✗ XC\(number): \(PlaybackError.notPlayable)", code: .playbackFailed)
            return
        }
        // The server's name for the file, else its number's: either way through the one check of names.
        guard let target = FileNames.file(named: recording.fileName ?? "", in: folder)
            ?? FileNames.file(named: "XC\(number).mp3", in: folder) else {
            tally.fail("✗ XC\(number): no usable file name", code: .playbackFailed)
            return
        }
        let name = target.lastPathComponent
        let bar = ProgressBar(name: name)
        do {
            switch try await RecordingDownload.save(url, to: target, progress: bar.show) {
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
