@testable import ChirperApp
import ChirperCore
import Testing
import XenoCanto

/// The rows browse's queue (a) plays, as pages load: in process, in milliseconds.
@Suite("browse's queue feed: tracks from rows as they load")
struct QueueFeedTests {
    static func rows(_ ids: ClosedRange<Int>, restricted: Set<Int> = []) -> [Row] {
        ids.map { Row(recording: InMemorySearchClient.recording($0, playable: !restricted.contains($0))) }
    }

    @Test func tracksStartAtTheRowAndLeaveRestrictedOnesOut() async {
        let feed = QueueFeed(firstRow: 2, rows: Self.rows(1...6, restricted: [4]), complete: true, requestMore: {})
        var ids: [String] = []
        var index = 0
        while let track = await feed.track(index) {
            ids.append(track.id)
            index += 1
        }
        #expect(ids == ["3", "5", "6"])
    }

    @Test func theQueueWaitsForTheNextPageAsksForItAndPlaysOn() async {
        let asked = Counter()
        let feed = QueueFeed(firstRow: 0, rows: Self.rows(1...2), complete: false, requestMore: { asked.add() })
        #expect(await feed.track(1)?.id == "2")
        let waiting = Task { await feed.track(2)?.id }
        while asked.value == 0 { await Task.yield() }
        // The page arrives while the queue waits (paging while playing).
        await feed.update(rows: Self.rows(1...4), complete: false)
        #expect(await waiting.value == "3")
    }

    @Test func aQueueWaitingForAPageThatWillNotComeEnds() async {
        let asked = Counter()
        let feed = QueueFeed(firstRow: 0, rows: Self.rows(1...2), complete: false, requestMore: { asked.add() })
        let waiting = Task { await feed.track(2) }
        while asked.value == 0 { await Task.yield() }
        // The next page failed: the listing is complete as it is, and the queue ends after what it has.
        await feed.update(rows: Self.rows(1...2), complete: true)
        #expect(await waiting.value == nil)
    }

    @Test func stoppingEndsAWaitingQueue() async {
        let asked = Counter()
        let feed = QueueFeed(firstRow: 0, rows: Self.rows(1...2), complete: false, requestMore: { asked.add() })
        let waiting = Task { await feed.track(5) }
        while asked.value == 0 { await Task.yield() }
        await feed.finish()
        #expect(await waiting.value == nil)
        #expect(await feed.track(0) == nil, "a stopped feed gives nothing more")
    }
}
