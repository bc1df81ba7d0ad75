import Glibc
import XenoCanto

/// `browse`: the full-screen listing on a terminal, until q, Ctrl-C or SIGTERM.
public enum BrowseJob {
    /// `words`: the query; none starts at the search prompt.
    /// `shelf`: a pack's or a list's recordings instead of xeno-canto's.
    public static func run(words: [String], shelf: Shelf? = nil, pages: PageChoice, api: APIChoice, sound: SoundChoice) async throws {
        guard Terminal.isLinear || (Terminal.isTTY(STDIN_FILENO) && Terminal.size != nil) else {
            throw CommandFailure(
                message: "chirper: browse needs a terminal (stdin and stdout). To list results in a pipe or a script, use chirper search.",
                exitCode: .usage)
        }
        if let shelf {
            let client = try shelf.client()
            let session = BrowseSession(client: client, perPage: pages.perPage, playerOptions: sound.playerOptions(), remembersSearches: false)
            let status = await session.run(query: client.query, page: 1, raw: true)
            if status != .found { throw CommandFailure(exitCode: status) }
            return
        }
        let typed = SearchQuery.joining(words).trimmed
        // The settings are read again after a failed request (`r`); an API URL made unusable meanwhile
        // keeps the one browse started with.
        let first = try api.client()
        let session = BrowseSession(client: NameReadingClient(RereadingClient { (try? api.client(rereading: true)) ?? first }), perPage: pages.perPage,
                                    playerOptions: sound.playerOptions())
        let status = await session.run(
            query: typed.isEmpty ? nil : SearchQuery(typed, raw: pages.raw), page: pages.page, raw: pages.raw)
        if status != .found { throw CommandFailure(exitCode: status) }
    }
}
