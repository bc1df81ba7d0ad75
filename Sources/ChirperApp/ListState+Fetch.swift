import ChirperCore
import XenoCanto

extension ListState {
    /// The state after asking for the page `pages` names of the typed query, with a "Searching…" note on
    /// a terminal meanwhile: what `search` and `queue` start from. `client` should be a
    /// `NameReadingClient` for the words to be read as a birder means them.
    static func firstPage(of words: [String], pages: PageChoice, client: some SearchClient) async -> ListState {
        let query = SearchQuery(SearchQuery.joining(words), raw: pages.raw)
        var state = ListState.idle
        let note = ProgressNote()
        note.show("Searching xeno-canto for \(query)…")
        await state.run(state.reduce(.searchStarted(query, page: pages.page)), client: client, perPage: pages.perPage)
        note.clear()
        return state
    }

    /// Runs an effect of the reducer against the client and feeds the answer back in.
    mutating func run(_ effect: ListEffect, client: some SearchClient, perPage: Int) async {
        switch effect {
        case .none:
            return
        case .fetch(let query, let page):
            reduce(await client.answer(query, page: page, perPage: perPage))
        }
    }
}

extension SearchClient {
    /// A page asked for, as the list reducer takes the answer: loaded, or failed and why.
    func answer(_ query: SearchQuery, page: Int, perPage: Int) async -> ListEvent {
        do {
            return .pageLoaded(query, try await search(query, page: page, perPage: perPage))
        } catch {
            return .pageFailed(query, page: page, error)
        }
    }
}
