import ArgumentParser
import Audio
import ChirperCore
import FoundationEssentials
import Glibc
import XenoCanto

extension Chirper {
    struct Queue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "queue",
            abstract: "Play every recording of a page of results, one after another.",
            discussion: """
                Keys on a terminal: space pauses and resumes, n next, p previous (or the start of the track when \
                more than 3 s in), → and ← seek 5 s, + and - volume, q quits, Ctrl-C quits at once (exit 130).
                Restricted recordings (no file) are left out. Exit 0 if anything played, 5 if every track failed or the sound server went away.
                """)

        @Argument(help: "The query: words and/or v3 tags.")
        var query: [String]

        @OptionGroup var pages: PageOptions

        @Flag(help: "Play the page in random order.")
        var shuffle = false

        @Flag(name: .customLong("repeat"), help: "Start again from the first track after the last, until q.")
        var repeatQueue = false

        @Option(help: "Play at most this many recordings of the page.")
        var limit: Int?

        @Option(help: "Seconds of silence between tracks (default 0: one straight after the other).")
        var gap: Double = 0

        @OptionGroup var api: APIOptions
        @OptionGroup var audio: AudioOptions

        func validate() throws {
            guard !query.joined().trimmed.isEmpty else {
                throw ValidationError("Give a query, e.g. chirper queue gen:turdus cnt:france")
            }
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
            guard gap >= 0, gap <= 60 else { throw ValidationError("--gap must be from 0 to 60 seconds.") }
        }

        func run() async throws {
            let state = await ListState.firstPage(of: query, pages: pages, client: api.client())
            let recordings: [Recording]
            switch state {
            case .populated(let listing), .paging(let listing, _):
                recordings = listing.rows.map(\.recording)
            case .empty, .error, .idle, .loading:
                try SearchOutput(json: false, width: Terminal.tableWidth).finish(state)
                return
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
            let items = playable.compactMap { recording in
                recording.audioURL.map {
                    PlayingSession.Item(track: PlaybackEngine.Track(id: recording.id, source: .url($0), duration: recording.duration),
                                        header: RecordingHeader.line(recording), name: "XC\(recording.id)")
                }
            }
            let session = PlayingSession(items, repeating: repeatQueue, gap: gap, options: audio.playerOptions())
            let report = await session.run()
            StandardOutput.write(QueueSummary.lines(report, recordings: playable))
            if session.interrupted.isSet { throw CommandFailure(message: "", exitCode: .interrupted) }
            // Every track failed, or the sound server went away (the queue stopped short, whatever played before).
            if (report.played.isEmpty && !report.failed.isEmpty) || report.lostTheSoundServer {
                throw CommandFailure(message: "", exitCode: .playbackFailed)
            }
        }
    }
}

/// The last lines of a queue: what played, what failed and why, how long it was listened to.
enum QueueSummary {
    static func lines(_ report: PlaybackEngine.Report, recordings: [Recording]) -> [String] {
        let played = Set(report.played.map(\.index)).count
        var lines = ["Played \(played) track\(played == 1 ? "" : "s"), \(report.failed.count) failed, "
            + "\(RecordingLength.format(report.listened)) listened" + (report.stopped ? " (stopped)." : ".")]
        for (index, error) in report.failed {
            lines.append("  ✗ XC\(recordings[index % recordings.count].id): \(error)")
        }
        return lines
    }
}
