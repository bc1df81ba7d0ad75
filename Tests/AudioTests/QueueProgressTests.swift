@testable import Audio
import PlaybackModel
import Testing

/// A queue's play, input by input: the entry it is at, what it reports, and the steps it asks for.
@Suite("a queue's play as a value")
struct QueueProgressTests {
    static func track(_ index: Int) -> PlaybackEngine.Track {
        PlaybackEngine.Track(id: "\(index)", source: .file("/t/\(index).mp3"), duration: 5)
    }
    /// A queue of `count` entries.
    static func entries(_ count: Int) -> (Int) async -> PlaybackEngine.Track? { { $0 < count ? track($0) : nil } }

    @Test func aFinishedEntryAsksForTheNextOnceAndTheLastIsHeardOut() async {
        var queue = QueueProgress(start: 0, gap: 0)
        let (first, second) = (queue.offersFirstRequest(), queue.offersFirstRequest())
        #expect(first && !second, "the request begun at start: to the first entry only")
        let steps1 = await queue.ended(.finished(seconds: 5), asking: Self.entries(2), stopped: { false })
        #expect(steps1 == [.tell(.finished)],
                "another follows: no wait for the sound to be heard")
        #expect(queue.index == 1)
        let (known, again) = (queue.knownTrack(), queue.knownTrack())
        #expect(known == .some(Self.track(1)) && again == nil, "asked once, given to the loop once")
        let steps2 = await queue.ended(.finished(seconds: 4), asking: Self.entries(2), stopped: { false })
        #expect(steps2 == [.letItBeHeard, .tell(.finished)])
        let last = queue.knownTrack()
        #expect(last == .some(nil), "the queue ends here")
        #expect(queue.report.played.map(\.seconds) == [5, 4])
        var stopped = QueueProgress(start: 0, gap: 0)
        let steps3 = await stopped.ended(.finished(seconds: 1), asking: Self.entries(1), stopped: { true })
        #expect(steps3 == [.tell(.finished)], "stopped: nothing to hear out")
    }

    @Test func aGapIsWaitedAfterTheSoundIsHeard() async {
        var queue = QueueProgress(start: 3, gap: 2)
        let steps4 = await queue.ended(.finished(seconds: 5), asking: Self.entries(9), stopped: { false })
        #expect(steps4 == [.letItBeHeard, .tell(.finished), .waitOutTheGap])
        #expect(queue.index == 4)
    }

    @Test func aMoveGoesToItsEntryAtItsPointOnce() async {
        var queue = QueueProgress(start: 2, gap: 0)
        let steps5 = await queue.ended(.moved(to: 0, seconds: 1.5, at: 7), asking: Self.entries(9), stopped: { false })
        #expect(steps5 == [.tell(.finished)])
        #expect(queue.index == 0 && queue.startAt == 7)
        let moved = queue.knownTrack()
        #expect(moved == nil, "a moved-to entry is asked for")
        let steps6 = await queue.ended(.moved(to: 1, seconds: 0, at: nil), asking: Self.entries(9), stopped: { false })
        #expect(steps6 == [.tell(.finished)])
        #expect(queue.startAt == nil && queue.index == 1)
        #expect(queue.report.played.map(\.index) == [2], "an entry moved from before it was heard is not counted as played")
    }

    @Test func failuresAreCountedAndOnlyALostSoundServerEndsTheQueue() async {
        var queue = QueueProgress(start: 0, gap: 0)
        let steps7 = queue.couldNotOpen(.notPlayable)
        #expect(steps7 == [.tell(.failed(.notPlayable))])
        #expect(queue.index == 1)
        let broken = PlaybackError.truncated(playedSeconds: 2)
        let steps8 = await queue.ended(.failed(broken, seconds: 2), asking: Self.entries(9), stopped: { false })
        #expect(steps8 == [.tell(.failed(broken))])
        #expect(queue.index == 2 && queue.report.heardOfFailed == 2)
        let lost = PlaybackError.output(.connectionLost(reason: "gone"))
        let steps9 = await queue.ended(.failed(lost, seconds: 0), asking: Self.entries(9), stopped: { false })
        #expect(steps9 == [.tell(.failed(lost)), .endQueue])
        #expect(queue.report.failed.map(\.index) == [0, 1, 2])
        var silent = QueueProgress(start: 0, gap: 0)
        let steps10 = silent.noOutput(lost)
        #expect(steps10 == [.tell(.failed(lost)), .endQueue])
    }

    @Test func aStopEndsTheQueueKeepingWhatWasHeard() async {
        var queue = QueueProgress(start: 0, gap: 0)
        let steps11 = await queue.ended(.stopped(seconds: 3), asking: Self.entries(9), stopped: { true })
        #expect(steps11 == [.endQueue])
        #expect(queue.report.played.map(\.seconds) == [3])
    }
}
