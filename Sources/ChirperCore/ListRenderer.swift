import XenoCanto

/// Turns a `ListState` into the lines the `search` command prints: a pure function, so tests assert on
/// its output and the screen can never show something the state does not say.
public enum ListRenderer {
    /// The table (header and rows) and the footer, every line at most `width` cells; with no width (a
    /// pipe), every column as wide as its widest cell and nothing cut.
    public static func lines(_ state: ListState, width: Int?) -> [String] {
        let fit = { (line: String) in width.map { TextWidth.truncate(line, to: $0) } ?? line }
        switch state {
        case .idle, .loading, .empty, .error:
            return footer(state).map(fit)
        case .populated(let listing), .paging(let listing, _):
            let table = width.map { RecordingTable(rows: listing.rows, width: $0, marker: marker) }
                ?? RecordingTable(wholeRows: listing.rows, marker: marker)
            return [table.header] + listing.rows.indices.map(table.line(at:)) + footer(state).map(fit)
        }
    }

    /// What the state says below the rows (or instead of them).
    public static func footer(_ state: ListState) -> [String] {
        switch state {
        case .idle:
            return ["Type a query to search xeno-canto, e.g. great tit, or sp:\"parus major\" cnt:france."]
        case .loading(let query, let page):
            return ["Searching xeno-canto for \(query)" + (page > 1 ? " (page \(page))" : "") + "…"]
        case .empty(let query, let page):
            if page > 1 {
                return ["Page \(page) is past the end of the results for \(query).", "Try --page 1."]
            }
            return emptyHint(query)
        case .error(let failure):
            return failure.reason.description.split(separator: "\n").map(String.init)
        case .populated(let listing):
            return [summary(listing)] + restrictedNote(listing)
        case .paging(let listing, let next):
            let more: String
            switch next.fetch {
            case .waiting: more = "next: --page \(next.page)"
            case .loading: more = "loading page \(next.page)…"
            case .failed(let reason): more = "page \(next.page) failed: \(reason.description.prefix(while: { $0 != "\n" }))"
            }
            return [summary(listing) + " · " + more] + restrictedNote(listing)
        }
    }

    /// "page 2 of 7 · 342 recordings", or "pages 1–3 of 7 · …" for a listing that grew by paging.
    /// `reading`: with how the words were read, when not as typed (browse tells it on its status line).
    static func summary(_ listing: Listing, reading: Bool = true) -> String {
        let pages = listing.firstPage == listing.lastPage
            ? "page \(listing.firstPage) of \(listing.numPages)"
            : "pages \(listing.firstPage)–\(listing.lastPage) of \(listing.numPages)"
        let count = listing.numRecordings == 1 ? "1 recording" : "\(listing.numRecordings) recordings"
        return pages + " · " + count + (reading ? listing.readAs.map { " · " + $0.description } ?? "" : "")
    }

    /// What was searched (every reading of the words tried) and what could find something instead.
    public static func emptyHint(_ query: SearchQuery) -> [String] {
        let tried = [query.text] + query.readings.map(\.query.text)
        var tries = ["check the spelling"]
        if let words = query.words, let last = words.split(separator: " ").last, last != words[...] {
            tries.append("part of the name (en:\(last))")
        }
        let tags = QueryTokenizer.tokens(query.text).compactMap { token -> String? in
            guard case .tagged(let term) = token else { return nil }
            return QueryTokenizer.split(term)?.tag
        }
        if tags.contains("sp") { tries.append("gen: or en: instead of sp:") }
        if tags.count > 1 { tries.append("fewer tags") }
        if tags.contains("q") { tries.append("a lower q:") }
        return ["No recordings match " + tried.joined(separator: ", nor ") + ".", "Try: " + tries.joined(separator: "; ") + "."]
    }

    static func restrictedNote(_ listing: Listing) -> [String] {
        listing.rows.contains { !$0.recording.isPlayable }
            ? ["⊘ restricted species: listed without a file, not playable"] : []
    }

    /// One cell at the start of each row: what its playback is doing, or ⊘ when it cannot play.
    public static func marker(_ row: Row) -> String {
        guard row.recording.isPlayable else { return "⊘" }
        switch row.playback {
        case .idle: return " "
        case .buffering: return "…"
        case .playing: return "▶"
        case .paused: return "‖"
        case .failed: return "✗"
        }
    }
}
