@testable import ChirperApp
import ChirperCore
import Testing
import XenoCanto

/// The list state driven by a search client: what `search`, `queue` and `demo` start from.
@Suite("the list state against an in-memory API")
struct SearchFetchTests {
    static let pages = PageChoice(perPage: 50)

    @Test func theFirstPageIsAskedForAndListed() async {
        let client = InMemorySearchClient(recordings: 120, perPage: 50)
        let state = await ListState.firstPage(of: ["great", "tit"], pages: Self.pages, client: client)
        guard case .paging(let listing, _) = state else {
            Issue.record("expected more pages to come, got \(state)")
            return
        }
        #expect(listing.rows.count == 50)
        #expect(client.pagesAsked == [1])
    }

    @Test func aRefusedKeyIsTheErrorState() async {
        let client = InMemorySearchClient(recordings: 10, perPage: 50, failing: [1: .keyRefused(message: "bad key")])
        let state = await ListState.firstPage(of: ["wren"], pages: Self.pages, client: client)
        guard case .error(let failure) = state else {
            Issue.record("expected the error state, got \(state)")
            return
        }
        #expect(failure.reason == .keyRefused(message: "bad key"))
    }

    @Test func aLaterPageFailingKeepsTheRowsThatCame() async {
        let client = InMemorySearchClient(recordings: 120, perPage: 50, failing: [2: .server(status: 503, attempts: 3)])
        var state = await ListState.firstPage(of: ["wren"], pages: Self.pages, client: client)
        await state.run(state.reduce(.nextPageRequested), client: client, perPage: 50)
        guard case .paging(let listing, let next) = state, case .failed = next.fetch else {
            Issue.record("expected the rows kept and the next page failed, got \(state)")
            return
        }
        #expect(listing.rows.count == 50)
        #expect(client.pagesAsked == [1, 2])
    }
}
