import Audio
import ChirperCore
import PlaybackModel
import Sonogram
import XenoCanto

/// Where each question's sound begins and, with `--clip`, where it ends. The start is where xeno-canto's
/// annotation sets first mark the recording's species (of its sound type, when one is marked), else
/// where the bird is first heard (`SongStart`), listening in the band where the species' recordings at
/// hand sing (the recording's own and up to `siblings` more of its files). Each recording is measured
/// once, off the screen's loop and off this actor: the next question's while this one plays. A file's own
/// measure is waited for (at most `patience`; then the start of the file), and its siblings' measures
/// done by then are pooled with it; a
/// recording still on the server plays from its start until its measure (over the first minute,
/// fetched alongside) is done.
actor QuestionClips {
    /// The clip's length in seconds; nil: the sound plays on to the recording's end.
    let clipSeconds: Double?
    /// Seconds of a recording read to find its start: a bird not heard by then is heard from the start.
    static let searched = 60.0
    /// The longest a question's sound waits for its measure.
    static let patience = Duration.seconds(2)
    /// Other files of a species measured with the one asked about.
    static let siblings = 4

    /// The session's recordings by species (binomial, lower case).
    private let bySpecies: [String: [Recording]]
    private var measures: [String: Task<Void, Never>] = [:]
    private var measured: [String: SongStart.Bands] = [:]
    /// Where a recording's sound is: its pack file or the server (a test names its own files).
    private let source: @Sendable (Recording) -> AudioSource?

    init(clipSeconds: Double?, recordings: [Recording] = [], source: @escaping @Sendable (Recording) -> AudioSource? = { $0.audioSource }) {
        self.clipSeconds = clipSeconds
        var seen = Set<String>()
        bySpecies = Dictionary(grouping: recordings.filter { seen.insert($0.id).inserted }) { $0.binomial.lowercased() }
        self.source = source
    }

    /// The stretch of `recording` a question plays.
    func clip(of recording: Recording) async -> (start: Double, end: Double?) {
        if let marked = Self.annotatedStart(of: recording) { return (marked, clipSeconds.map { marked + $0 }) }
        let own = measureWithSiblings(recording)[0]
        if measured[recording.id] == nil, case .file? = source(recording) {
            await Self.wait(for: own, within: Self.patience)
        }
        let start = start(of: recording)
        return (start, clipSeconds.map { start + $0 })
    }

    /// Starts measuring `recording` and its species' files, for a question still to come.
    func prepare(_ recording: Recording) {
        guard Self.annotatedStart(of: recording) == nil else { return }
        _ = measureWithSiblings(recording)
    }

    /// Returns when every measure begun has ended.
    func settle() async {
        for task in measures.values { await task.value }
    }

    /// The first sound the annotation sets mark of the recording's own species (of its sound type when
    /// any is so marked), less the lead-in `SongStart` gives; nil when none is marked.
    static func annotatedStart(of recording: Recording) -> Double? {
        let species = recording.annotatedSounds.filter { $0.taxon.lowercased() == recording.binomial.lowercased() }
        let types = PackSelection.types(of: recording)
        let ofType = species.filter { $0.soundType.map { types.contains($0.lowercased()) } ?? false }
        return (ofType.isEmpty ? species : ofType).map(\.start).min().map { max(0, $0 - SongStart.leadIn) }
    }

    /// Where `recording`'s bird is first heard, by what is measured so far; 0 before its own measure.
    func start(of recording: Recording) -> Double {
        guard let bands = measured[recording.id] else { return 0 }
        let others = (bySpecies[recording.binomial.lowercased()] ?? []).filter { $0.id != recording.id }.compactMap { measured[$0.id] }
        return SongStart.seconds(in: bands, pooledWith: others)
    }

    /// Up to `siblings` other recordings of `recording`'s species that are files (none is fetched for this).
    private func siblings(of recording: Recording) -> [Recording] {
        let same = bySpecies[recording.binomial.lowercased()] ?? []
        return Array(same.filter { other in
            guard other.id != recording.id, case .file? = source(other) else { return false }
            return true
        }.prefix(Self.siblings))
    }

    /// Measures `recording`, then the files of its species not measured yet (they wait for it, so the
    /// question's own measure is not slowed by them).
    private func measureWithSiblings(_ recording: Recording) -> [Task<Void, Never>] {
        let own = measure(recording, after: nil)
        return [own] + siblings(of: recording).map { measure($0, after: own) }
    }

    private func measure(_ recording: Recording, after first: Task<Void, Never>?) -> Task<Void, Never> {
        if let running = measures[recording.id] { return running }
        let (source, seconds) = (source(recording), recording.duration)
        let task = Task<Void, Never> {
            await first?.value
            if let source, let bands = await Self.bands(of: source, expectedSeconds: seconds) { keep(bands, for: recording.id) }
        }
        measures[recording.id] = task
        return task
    }

    private func keep(_ bands: SongStart.Bands, for id: String) { measured[id] = bands }

    /// The bands of the first minute of `source`, decoded; nil when it cannot be read.
    private nonisolated static func bands(of source: AudioSource, expectedSeconds: Double?) async -> SongStart.Bands? {
        guard let spectrogram = try? await SonogramMaker.spectrogram(of: source, expectedSeconds: expectedSeconds, within: searched)
        else { return nil }
        return SongStart.bands(in: spectrogram)
    }

    /// Returns when `task` has ended or `limit` has passed, whichever comes first. (A task group would
    /// wait for both: awaiting another task's value cannot be cancelled.)
    nonisolated static func wait(for task: Task<Void, Never>, within limit: Duration) async {
        let (ended, signal) = AsyncStream<Void>.makeStream()
        let waiting = Task {
            await task.value
            signal.yield()
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            signal.yield()
        }
        for await _ in ended { break }
        waiting.cancel()
        timer.cancel()
    }
}
