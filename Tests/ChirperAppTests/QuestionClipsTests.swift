@testable import ChirperApp
import Testing
import XenoCanto

/// Where a question starts when xeno-canto's annotation sets mark its bird: no file is read.
@Suite struct QuestionClipsTests {
    @Test func theFirstSoundMarkedOfTheBirdAndItsTypeStartsTheQuestion() async {
        var recording = Recording(id: "1", genus: "Parus", species: "major", soundType: "song", fileURL: "https://example.org/1.mp3")
        recording.annotatedSounds = [AnnotatedSound(taxon: "Erithacus rubecula", soundType: "song", start: 1, end: 2),
                                     AnnotatedSound(taxon: "Parus major", soundType: "call", start: 2, end: 3),
                                     AnnotatedSound(taxon: "parus major", soundType: "song", start: 7.5, end: 9),
                                     AnnotatedSound(taxon: "Parus major", soundType: "song", start: 5, end: 6)]
        #expect(abs((QuestionClips.annotatedStart(of: recording) ?? 0) - 4.7) < 1e-9, "its song's first mark, less the lead-in")
        recording.soundType = "alarm call"
        #expect(abs((QuestionClips.annotatedStart(of: recording) ?? 0) - 1.7) < 1e-9, "none of its type marked: its species' first")
        recording.annotatedSounds = [AnnotatedSound(taxon: "Erithacus rubecula", soundType: "song", start: 1, end: 2)]
        #expect(QuestionClips.annotatedStart(of: recording) == nil, "another bird's marks say nothing of this one")
        recording.annotatedSounds = [AnnotatedSound(taxon: "Parus major", soundType: nil, start: 0.1, end: 2)]
        let clips = QuestionClips(clipSeconds: 3)
        let clip = await clips.clip(of: recording)
        #expect(clip.start == 0 && clip.end == 3, "never before the start of the file; the clip from there")
    }

    /// A measure that never ends holds the question no longer than the patience given: the wait does
    /// not wait for it (this test's time limit is what a wait for it would hit).
    @Test(.timeLimit(.minutes(1))) func aMeasureThatNeverEndsIsNotWaitedFor() async {
        let endless = Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) }
        defer { endless.cancel() }
        await QuestionClips.wait(for: endless, within: .milliseconds(100))
        #expect(!endless.isCancelled, "the measure itself runs on")
    }
}
