import Audio
import ChirperCore
import PlaybackModel
import Sonogram
import XenoCanto

/// Where each question's sound begins and, with `--clip`, where it ends. The start is where xeno-canto's
/// annotation sets first mark the recording's species (of its sound type, when one is marked), else
/// where the bird is first heard (`SongStart`), found once per recording, off the screen's loop and off
/// this actor: the next question's while this one plays. A file is waited for (at most `patience`, then it plays from its
/// start); a recording still on the server plays from its start until its measure (over the first
/// minute, fetched alongside) is done.
actor QuestionClips {
    /// The clip's length in seconds; nil: the sound plays on to the recording's end.
    let clipSeconds: Double?
    /// Seconds of a recording read to find its start: a bird not heard by then is heard from the start.
    static let searched = 60.0
    /// The longest a question's sound waits for its measure.
    static let patience = Duration.seconds(2)

    private var measures: [String: Task<Double, Never>] = [:]
    private var found: [String: Double] = [:]

    init(clipSeconds: Double?) { self.clipSeconds = clipSeconds }

    /// The stretch of `recording` a question plays.
    func clip(of recording: Recording) async -> (start: Double, end: Double?) {
        if let marked = Self.annotatedStart(of: recording) { return (marked, clipSeconds.map { marked + $0 }) }
        let measure = self.measure(recording)
        var start = found[recording.id] ?? 0
        if found[recording.id] == nil, case .file? = recording.audioSource {
            start = await Self.value(of: measure, within: Self.patience) ?? 0
        }
        return (start, clipSeconds.map { start + $0 })
    }

    /// Starts measuring `recording`, for a question still to come.
    func prepare(_ recording: Recording) {
        if Self.annotatedStart(of: recording) == nil { _ = measure(recording) }
    }

    /// The first sound the annotation sets mark of the recording's own species (of its sound type when
    /// any is so marked), less the lead-in `SongStart` gives; nil when none is marked.
    static func annotatedStart(of recording: Recording) -> Double? {
        let species = recording.annotatedSounds.filter { $0.taxon.lowercased() == recording.binomial.lowercased() }
        let types = PackSelection.types(of: recording)
        let ofType = species.filter { $0.soundType.map { types.contains($0.lowercased()) } ?? false }
        return (ofType.isEmpty ? species : ofType).map(\.start).min().map { max(0, $0 - SongStart.leadIn) }
    }

    private func measure(_ recording: Recording) -> Task<Double, Never> {
        if let running = measures[recording.id] { return running }
        let task = Task<Double, Never> {
            let start = await Self.songStart(of: recording)
            keep(start, for: recording.id)
            return start
        }
        measures[recording.id] = task
        return task
    }

    private func keep(_ start: Double, for id: String) { found[id] = start }

    /// Decodes the first minute of `recording` and finds where its bird is first heard (0 when it
    /// cannot be read).
    private nonisolated static func songStart(of recording: Recording) async -> Double {
        guard let source = recording.audioSource,
              let spectrogram = try? await SonogramMaker.spectrogram(of: source, expectedSeconds: recording.duration, within: searched)
        else { return 0 }
        return SongStart.seconds(in: spectrogram)
    }

    /// `task`'s value, or nil when it takes longer than `limit`.
    private nonisolated static func value(of task: Task<Double, Never>, within limit: Duration) async -> Double? {
        await withTaskGroup(of: Double?.self) { group in
            group.addTask { await task.value }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
