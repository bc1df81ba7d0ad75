import Glibc
import XenoCanto

/// `browse`: the full-screen listing on a terminal, until q, Ctrl-C or SIGTERM.
public enum BrowseJob {
    /// `words`: the query; none starts at the search prompt.
    public static func run(words: [String], pages: PageChoice, api: APIChoice, sound: SoundChoice) async throws {
        guard Terminal.isTTY(STDIN_FILENO), Terminal.size != nil else {
            throw CommandFailure(
                message: "chirper: browse needs a terminal (stdin and stdout). To list results in a pipe or a script, use chirper search.",
                exitCode: .usage)
        }
        let typed = SearchQuery.joining(words).trimmed
        // The settings are read again after a failed request (`r`); an API URL made unusable meanwhile
        // keeps the one browse started with.
        let first = try api.client()
        let session = BrowseSession(client: RereadingClient { (try? api.client()) ?? first }, perPage: pages.perPage,
                                    playerOptions: sound.playerOptions())
        let status = await session.run(
            query: typed.isEmpty ? nil : SearchQuery(typed, raw: pages.raw), page: pages.page, raw: pages.raw)
        if status != .found { throw CommandFailure(exitCode: status) }
    }
}
