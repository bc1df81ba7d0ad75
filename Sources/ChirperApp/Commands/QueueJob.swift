import Audio
import DisplayText
import ChirperCore
import LibraryModel
import XenoCanto

/// `queue`: every playable recording of a page, one after another through one engine, then a summary.
/// Exit 0 if anything played, 5 if every track failed or the sound server went away.
public enum QueueJob {
    /// `repeating`: start again from the first track after the last, until q.
    /// `gap`: seconds of silence between tracks.
    /// `shelf`: a pack's or a list's recordings instead of the query's (no request for a pack's files).
    public static func run(words: [String], shelf: Shelf? = nil, pages: PageChoice, shuffle: Bool, repeating: Bool, limit: Int?, gap: Double,
                           api: APIChoice, sound: SoundChoice) async throws {
        let recordings: [Recording]
        if let shelf {
            // Every recording of the pack or list, read from the library's files: nothing is searched.
            let client = try shelf.client()
            recordings = client.recordings(in: 0..<client.count)
            guard !recordings.isEmpty else {
                throw CommandFailure(message: "chirper: \(client.query) holds no recording.", exitCode: .noMatch)
            }
        } else {
            let state = await ListState.firstPage(of: words, pages: pages, client: NameReadingClient(try api.client(), resolver: { TaxonomyFile.resolverSayingWhy }))
            switch state {
            case .populated(let listing), .paging(let listing, _):
                recordings = listing.rows.map(\.recording)
            case .empty, .error, .idle, .loading:
                try SearchOutput(json: false, width: Terminal.tableWidth).finish(state)
                return
            }
        }
        var playable = recordings.filter(\.isPlayable)
        if shuffle { playable.shuffle() }
        if let limit { playable = Array(playable.prefix(limit)) }
        let restricted = recordings.count - recordings.filter(\.isPlayable).count
        if restricted > 0 {
            StandardOutput.write(["⊘ \(restricted) restricted recording\(restricted == 1 ? "" : "s") left out (no file)."])
        }
        guard !playable.isEmpty else {
            throw CommandFailure(message: "chirper: nothing on this page can be played.", exitCode: .playbackFailed)
        }
        // A pack's file that is not there is a failed track of its own, named before the queue starts;
        // the report's indices are those of `queued`.
        let queued = playable.filter { $0.audioSource != nil }
        let missing = playable.filter { $0.audioSource == nil }.map { recording in
            "  ✗ XC\(recording.id): its file is missing" + (recording.audioURL.map { " (" + $0.dropFirst("file://".count) + ")" } ?? "")
        }
        for line in missing { StandardError.write(Displayable.line(line.trimmed)) }
        guard !queued.isEmpty else {
            StandardOutput.write(["Played 0 tracks, \(missing.count) failed, 0:00 listened."] + missing.map(Displayable.line))
            throw CommandFailure(exitCode: .playbackFailed)
        }
        let items = queued.compactMap { recording in
            recording.audioSource.map {
                PlayingSession.Item(track: PlaybackEngine.Track(id: recording.id, source: $0, duration: recording.duration),
                                    header: RecordingHeader.line(recording), name: "XC\(recording.id)", desktop: .of(recording),
                                    marksOn: .recording(number: recording.id),
                                    landmarks: Landmarks.annotations(of: recording))
            }
        }
        let session = PlayingSession(items, screen: .queue, repeating: repeating, gap: gap, options: sound.playerOptions())
        session.stopOnSignals()
        let report = await session.run()
        History.remember(plays: Set(report.played.map(\.index)).sorted().map { queued[$0 % queued.count] })
        StandardOutput.write(QueueSummary.lines(report, recordings: queued, missing: missing))
        if session.interrupted.isSet { throw CommandFailure(exitCode: .interrupted) }
        // Every track failed (in all, or in a whole pass of --repeat), or the sound server went away (the
        // queue stopped short, whatever played before).
        if (report.played.isEmpty && !(report.failed.isEmpty && missing.isEmpty)) || report.lostTheSoundServer || session.gaveUp.isSet {
            if session.gaveUp.isSet { StandardError.write("chirper: every track failed in a whole pass of the queue: stopped repeating.") }
            throw CommandFailure(exitCode: .playbackFailed)
        }
    }
}

/// The last lines of a queue: what played, what failed and why, how long it was listened to.
enum QueueSummary {
    /// `recordings`: those the engine was given, whose indices the report's are; `missing`: a line for
    /// each track that could not be given to it (counted as failed).
    static func lines(_ report: PlaybackEngine.Report, recordings: [Recording], missing: [String] = []) -> [String] {
        let failedIndices = Set(report.failed.map(\.index))
        let played = Set(report.played.map(\.index)).subtracting(failedIndices).count
        var lines = ["Played \(played) track\(played == 1 ? "" : "s"), \(report.failed.count + missing.count) failed, "
            + "\(RecordingLength.format(report.listened)) listened" + (report.stopped ? " (stopped)." : ".")]
        for (index, error) in report.failed {
            lines.append("  ✗ XC\(recordings[index % recordings.count].id): \(error)")
        }
        return lines + missing.map(Displayable.line)
    }
}
