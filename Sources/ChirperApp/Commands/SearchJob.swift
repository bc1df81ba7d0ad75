import ChirperCore
import XenoCanto
import XenoCantoHTTP

/// `search`: one page of results (or `pageCount` pages) as a table or NDJSON, and the exit code they
/// call for.
public enum SearchJob {
    public static func run(words: [String], pages: PageChoice, json: Bool, pageCount: Int, api: APIChoice) async throws {
        var live = try api.client()
        live.keepsSentJSON = json
        let client = NameReadingClient(live, resolver: { TaxonomyFile.resolverSayingWhy })
        // After the page is out (whatever it held) and standard output has ended, so a busy library
        // holds up no reader of the results.
        defer {
            StandardOutput.end()
            History.remember(search: SearchQuery.joining(words).trimmed)
        }
        var state = await ListState.firstPage(of: words, pages: pages, client: client)
        if pageCount > 1 {
            for _ in 1..<pageCount {
                guard case .paging(_, let next) = state, next.fetch == .waiting else { break }
                await state.run(state.reduce(.nextPageRequested), client: client, perPage: pages.perPage)
            }
        }
        try SearchOutput(json: json, width: Terminal.tableWidth).finish(state)
    }
}
