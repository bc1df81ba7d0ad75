import Audio
import PlaybackModel
import Sonogram
import XenoCanto

/// Where each question's sound begins (where the bird is first heard, `SongStart`) and, with `--clip`,
/// where it ends. Found once per recording, off the screen's loop: the next question's while this one
/// plays. A file is read as soon as it is asked for; a recording still on the server plays from its start
/// until its measure (over the first minute, fetched alongside) is done.
actor QuestionClips {
    /// The clip's length in seconds; nil: the sound plays on to the recording's end.
    let clipSeconds: Double?
    /// Seconds of a recording read to find its start: a bird not heard by then is heard from the start.
    static let searched = 60.0

    private var measures: [String: Task<Double, Never>] = [:]
    private var found: [String: Double] = [:]

    init(clipSeconds: Double?) { self.clipSeconds = clipSeconds }

    /// The stretch of `recording` a question plays.
    func clip(of recording: Recording) async -> (start: Double, end: Double?) {
        let measure = self.measure(recording)
        let start: Double
        if let known = found[recording.id] {
            start = known
        } else if case .file? = recording.audioSource {
            start = await measure.value
        } else {
            start = 0
        }
        return (start, clipSeconds.map { start + $0 })
    }

    /// Starts measuring `recording`, for a question still to come.
    func prepare(_ recording: Recording) { _ = measure(recording) }

    private func measure(_ recording: Recording) -> Task<Double, Never> {
        if let running = measures[recording.id] { return running }
        let task = Task<Double, Never> {
            guard let source = recording.audioSource,
                  let spectrogram = try? await SonogramMaker.spectrogram(of: source, expectedSeconds: recording.duration, within: Self.searched)
            else { return 0 }
            let start = SongStart.seconds(in: spectrogram)
            self.keep(start, for: recording.id)
            return start
        }
        measures[recording.id] = task
        return task
    }

    private func keep(_ start: Double, for id: String) { found[id] = start }
}
