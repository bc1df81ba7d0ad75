import ArgumentParser
import ChirperCore
import FoundationEssentials
import Glibc
import XenoCanto
import XenoCantoHTTP

extension Chirper {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search xeno-canto and print one page of results as a table.",
            discussion: """
                Bare words search English names (great tit → en:"great tit"); tagged terms pass as typed:
                sp:"parus major", gen:turdus, cnt:france, type:song, q:A, nr:123456.
                """)

        @Argument(help: "The query: words and/or v3 tags.")
        var query: [String]

        @OptionGroup var pages: PageOptions
        @OptionGroup var api: APIOptions

        @Flag(help: "Print one JSON object per recording per line (NDJSON), for scripts.")
        var json = false

        @Option(name: .customLong("pages"), help: "How many pages to list, from --page on (at most one request a second).")
        var pageCount = 1

        func validate() throws {
            guard !query.joined().trimmed.isEmpty else {
                throw ValidationError("Give a query, e.g. chirper search great tit")
            }
            guard pageCount >= 1 else { throw ValidationError("--pages must be 1 or more") }
        }

        func run() async throws {
            var client = api.client()
            client.keepsSentJSON = json
            var state = await ListState.firstPage(of: self.query, pages: pages, client: client)
            if pageCount > 1 {
                for _ in 1..<pageCount {
                    guard case .paging(_, let next) = state, next.fetch == .waiting else { break }
                    await state.run(state.reduce(.nextPageRequested), client: client, perPage: pages.perPage)
                }
            }
            try SearchOutput(json: json, width: Terminal.tableWidth).finish(state)
        }
    }
}

/// Prints a settled search state and picks the exit code.
struct SearchOutput {
    let json: Bool
    /// The terminal's width; nil into a pipe (nothing cut).
    let width: Int?

    func finish(_ state: ListState) throws {
        switch state {
        case .populated(let listing), .paging(let listing, _):
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                // Each object as the server sent it; one made from the model only if the bytes were not kept.
                StandardOutput.write(try listing.rows.map { row in
                    try row.recording.sentJSON.text ?? String(decoding: encoder.encode(row.recording), as: UTF8.self)
                })
            } else {
                StandardOutput.write(ListRenderer.lines(state, width: width))
            }
            // A later page that failed: the rows that came are printed, and the exit code says it failed.
            if case .paging(_, let next) = state, case .failed(let reason) = next.fetch { throw reason.failure }
        case .empty:
            let text = ListRenderer.footer(state)
            if json { StandardError.write(text.joined(separator: "\n")) } else { StandardOutput.write(text) }
            throw CommandFailure(message: "", exitCode: .noMatch)
        case .error(let failure):
            throw failure.reason.failure
        case .idle, .loading:
            throw CommandFailure(message: "chirper: the search did not finish", exitCode: .network)
        }
    }
}

extension ListState {
    /// The state after asking for the page `pages` names of the typed query, with a "Searching…" note on
    /// a terminal meanwhile: what `search` and `queue` start from.
    static func firstPage(of words: [String], pages: PageOptions, client: XenoCantoClient) async -> ListState {
        let query = SearchQuery(words.joined(separator: " "), raw: pages.raw)
        var state = ListState.idle
        let note = ProgressNote()
        note.show("Searching xeno-canto for \(query)…")
        await state.run(state.reduce(.searchStarted(query, page: pages.page)), client: client, perPage: pages.perPage)
        note.clear()
        return state
    }

    /// Runs an effect of the reducer against the live client and feeds the answer back in.
    mutating func run(_ effect: ListEffect, client: XenoCantoClient, perPage: Int) async {
        switch effect {
        case .none:
            return
        case .fetch(let query, let page):
            do {
                let result = try await client.search(query, page: page, perPage: perPage)
                reduce(.pageLoaded(query, result))
            } catch {
                reduce(.pageFailed(query, page: page, error))
            }
        }
    }
}
