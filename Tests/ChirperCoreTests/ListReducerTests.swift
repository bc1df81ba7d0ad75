import PlaybackModel
import Testing
import XenoCanto
@testable import ChirperCore

@Suite("The list reducer: every transition")
struct ListReducerTests {
    let query = Fixtures.query

    @Test func searchStartedLoadsAndAsksForThePage() {
        var state = ListState.idle
        #expect(state.reduce(.searchStarted(query, page: 2)) == .fetch(query, page: 2))
        #expect(state == .loading(query, page: 2))
    }

    @Test func aPageWithMoreAfterItIsPaging() {
        var state = ListState.loading(query, page: 1)
        #expect(state.reduce(.pageLoaded(query, Fixtures.page(1, of: 7, ids: 1...3))) == .none)
        guard case .paging(let listing, let next) = state else { Issue.record("expected paging, got \(state)"); return }
        #expect(listing.rows.map(\.id) == ["1", "2", "3"])
        #expect(next == NextPage(page: 2, fetch: .waiting))
    }

    @Test func theLastPageIsPopulated() {
        var state = ListState.loading(query, page: 3)
        state.reduce(.pageLoaded(query, Fixtures.page(3, of: 3, ids: 1...2)))
        #expect(state.listing?.rows.count == 2)
        guard case .populated = state else { Issue.record("expected populated, got \(state)"); return }
    }

    /// A server that answers another page than the one asked for: the listing would wait for ever.
    @Test func anAnswerForAnotherPageIsAFailedPageThatCanBeRetried() {
        var first = ListState.loading(query, page: 2)
        first.reduce(.pageLoaded(query, Fixtures.page(1, of: 7, ids: 1...3)))
        #expect(first == .error(ListError(query: query, page: 2, reason: .wrongPage(asked: 2, sent: 1))))

        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 7, ids: 1...3)))
        #expect(state.reduce(.nextPageRequested) == .fetch(query, page: 2))
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 7, ids: 1...3)))
        guard case .paging(let listing, let next) = state else { Issue.record("expected paging, got \(state)"); return }
        #expect(listing.rows.count == 3, "the rows shown stay")
        #expect(next == NextPage(page: 2, fetch: .failed(.wrongPage(asked: 2, sent: 1))))
        #expect(state.reduce(.retryRequested) == .fetch(query, page: 2))
    }

    @Test func noRecordingsIsEmpty() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Page(numRecordings: 0, numSpecies: 0, page: 1, numPages: 0, recordings: [])))
        #expect(state == .empty(query, page: 1))
    }

    @Test func aFailedFirstPageIsAnErrorThatCanBeRetried() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageFailed(query, page: 1, .noKey))
        #expect(state == .error(ListError(query: query, page: 1, reason: .noKey)))
        #expect(state.reduce(.retryRequested) == .fetch(query, page: 1))
        #expect(state == .loading(query, page: 1))
    }

    @Test func theNextPageIsFetchedOnceAndAppended() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 3, ids: 1...3)))
        #expect(state.reduce(.nextPageRequested) == .fetch(query, page: 2))
        #expect(state.reduce(.nextPageRequested) == .none, "already on its way")
        state.reduce(.pageLoaded(query, Fixtures.page(2, of: 3, ids: 3...5)))
        guard case .paging(let listing, let next) = state else { Issue.record("expected paging"); return }
        #expect(listing.rows.map(\.id) == ["1", "2", "3", "4", "5"], "appended in order, no duplicates")
        #expect(listing.firstPage == 1 && listing.lastPage == 2)
        #expect(next.page == 3)
    }

    @Test func aFailedLaterPageKeepsTheRowsAndOffersRetry() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 3, ids: 1...3)))
        state.reduce(.nextPageRequested)
        state.reduce(.pageFailed(query, page: 2, .server(status: 500, attempts: 3)))
        guard case .paging(let listing, let next) = state else { Issue.record("expected paging"); return }
        #expect(listing.rows.count == 3)
        #expect(next.fetch == .failed(.server(status: 500, attempts: 3)))
        #expect(state.reduce(.nextPageRequested) == .none, "a failed page waits for an explicit retry")
        #expect(state.reduce(.retryRequested) == .fetch(query, page: 2))
        state.reduce(.pageLoaded(query, Fixtures.page(2, of: 3, ids: 4...6)))
        #expect(state.listing?.rows.count == 6)
    }

    @Test func anEmptyPageWherePagesWerePromisedEndsAsPopulated() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 2, ids: 1...3)))
        state.reduce(.nextPageRequested)
        state.reduce(.pageLoaded(query, Page(numRecordings: 3, numSpecies: 1, page: 2, numPages: 2, recordings: [])))
        guard case .populated(let listing) = state else { Issue.record("expected populated, got \(state)"); return }
        #expect(listing.rows.count == 3)
    }

    @Test func lateAnswersToOldQuestionsAreIgnored() {
        var state = ListState.loading(SearchQuery("blackbird"), page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 1, ids: 1...2)))
        #expect(state == .loading(SearchQuery("blackbird"), page: 1))
        state.reduce(.pageFailed(query, page: 1, .noKey))
        #expect(state == .loading(SearchQuery("blackbird"), page: 1))
    }

    @Test func playbackGoesIdleBufferingPlayingIdle() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 1, ids: 1...2)))
        var seen: [PlaybackState] = [state.listing!.rows[0].playback]
        let events: [PlaybackEvent] = [.buffering(progress: 0.5), .started(duration: nil), .position(elapsed: 1, duration: nil),
                                       .paused, .resumed, .finished]
        for event in events {
            state.reduce(.playback(recordingID: "1", event))
            seen.append(state.listing!.rows[0].playback)
        }
        let position = PlaybackPosition(elapsed: 1, duration: 21)
        #expect(seen == [.idle, .buffering(progress: 0.5), .playing(.init(elapsed: 0, duration: 21)), .playing(position),
                         .paused(position), .playing(position), .idle])
        state.reduce(.playback(recordingID: "1", .failed(.http(status: 404))))
        #expect(state.listing!.rows[0].playback == .failed(.http(status: 404)))
    }

    @Test func onlyOneRowHoldsTheSoundAtATime() {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: 1, ids: 1...3)))
        state.reduce(.playback(recordingID: "1", .started(duration: 21)))
        state.reduce(.playback(recordingID: "2", .buffering(progress: nil)))
        let rows = state.listing!.rows
        #expect(rows[0].playback == .idle)
        #expect(rows[1].playback == .buffering(progress: nil))
        #expect(rows.filter { $0.playback.isActive }.count == 1)
    }
}
