import XenoCanto

/// Draws the browse screen from a `BrowseModel`: a pure function, exactly `height` lines, each at most
/// `width` cells. Only the rows on screen are laid out, so a frame costs the same for 100 rows or 10,000.
///
///     title        chirper · en:"great tit"                     row 12 of 150 · page 1 of 2 · 150 recordings
///     header       XC  English name …
///     rows         the visible rows, the cursor's inverted
///     status       what the list is doing: loading more, a failed page and "r to retry", all loaded
///     playback     the playing row's clock and bar, or why the row under the cursor failed
///     help         the keys
public enum BrowseRenderer {
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    public static let searchHelp = "type a query · ⏎ search · Esc cancel · e.g. great tit, or sp:\"parus major\" cnt:france"

    public static func frame(_ model: BrowseModel) -> [ScreenLine] {
        let layout = model.layout
        let width = layout.width
        var lines: [ScreenLine] = [ScreenLine(title(model), .bold)]
        lines += body(model)
        lines.append(ScreenLine(status(model)))
        lines.append(ScreenLine(playback(model)))
        lines.append(ScreenLine(model.panel.isSearch ? searchHelp : help(model), .dim))
        // Too small a window still gets exactly its height: the lines that matter most come last to go.
        if lines.count > layout.height { lines = Array(lines.suffix(layout.height)) }
        return lines.map { ScreenLine(TextWidth.truncate($0.text, to: width), $0.style) }
    }

    // MARK: Parts

    static func title(_ model: BrowseModel) -> String {
        let left: String
        let right: String
        switch model.list {
        case .idle:
            (left, right) = ("chirper", "")
        case .loading(let query, _), .empty(let query, _):
            (left, right) = ("chirper · \(query)", "")
        case .error(let failure):
            (left, right) = ("chirper · \(failure.query)", "")
        case .populated(let listing), .paging(let listing, _):
            let position = "row \(model.cursor + 1) of \(listing.rows.count)"
            // What was searched: the reading that found the rows, when the words were read again.
            (left, right) = ("chirper · \(listing.readAs?.query ?? listing.query)", position + " · " + ListRenderer.summary(listing, reading: false))
        }
        let room = model.layout.width - TextWidth.of(right) - 2
        guard !right.isEmpty, room >= 10 else { return left }
        return TextWidth.fit(left, to: room) + "  " + right
    }

    /// The lines between the title and the status line: the table, a panel, or what the state says.
    static func body(_ model: BrowseModel) -> [ScreenLine] {
        let count = model.layout.visibleRows + 1  // the column header and the rows
        var lines: [ScreenLine]
        if let sonogram = model.sonogram {
            lines = sonogramPanel(sonogram, model)
        } else if model.panel == .keys {
            lines = KeyOverlay.lines(on: .browse, width: model.layout.width).enumerated().map { ScreenLine($1, $0 == 0 ? .bold : .plain) }
        } else if model.panel == .details, model.cursor < model.rows.count {
            lines = details(model.rows[model.cursor].recording, width: model.layout.width)
        } else if model.list.listing != nil {
            lines = table(model)
        } else {
            lines = [ScreenLine("")] + message(model).flatMap { TextWidth.wrap($0, to: model.layout.width) }.map { ScreenLine($0) }
        }
        if lines.count > count { lines = Array(lines.prefix(count)) }
        return lines + Array(repeating: ScreenLine(""), count: count - lines.count)
    }

    static func table(_ model: BrowseModel) -> [ScreenLine] {
        let table = RecordingTable(measure: model.measure, width: model.layout.width)
        var lines = [ScreenLine(table.header, .dim)]
        let rows = model.rows
        let end = min(rows.count, model.top + model.layout.visibleRows)
        for index in model.top..<end {
            var cells = RecordingTable.cells(rows[index], marker: marker(rows[index], tick: model.tick, starred: model.starred))
            if let clock = clock(rows[index].playback) { cells[RecordingTable.Column.length.index] = clock }
            lines.append(ScreenLine(table.line(cells: cells), index == model.cursor ? .inverse : .plain))
        }
        return lines
    }

    /// What the state says where the rows would be: how to start, the spinner, no match, the error.
    static func message(_ model: BrowseModel) -> [String] {
        switch model.list {
        case .idle:
            return ["Press / and type a query, e.g. great tit, or sp:\"parus major\" cnt:france."]
        case .loading:
            return ["\(spinner[model.tick % spinner.count]) " + ListRenderer.footer(model.list).joined(separator: " ")]
        case .empty:
            return ListRenderer.footer(model.list) + ["", "Press / to search again."]
        case .error(let failure):
            let next = failure.reason.isKeyProblem
                ? "Set the key, then press r to retry (or q to quit)."
                : "Press r to retry, / to search again, q to quit."
            return ListRenderer.footer(model.list) + ["", next]
        case .populated, .paging:
            return []
        }
    }

    /// The detail panel: a heading, then each section on a line or two of its own.
    static func details(_ recording: Recording, width: Int) -> [ScreenLine] {
        let heading = "XC\(recording.id) · \(recording.englishName ?? recording.scientificName) — i or Esc closes"
        let sections = RecordingSection.compactLines(RecordingSection.sections(of: recording), width: width - 2)
        return [ScreenLine(heading, .bold)] + sections.map { ScreenLine("  " + $0) }
    }

    /// The sonogram panel: a heading, then the picture in shades (colour codes would not survive the
    /// line-by-line screen updates), with a line at the playing position when the row plays.
    static func sonogramPanel(_ sonogram: BrowseModel.SonogramView, _ model: BrowseModel) -> [ScreenLine] {
        let row = model.rows.first { $0.id == sonogram.id }
        let name = row.map { "XC\($0.id) · \($0.recording.englishName ?? $0.recording.scientificName)" } ?? "XC\(sonogram.id)"
        let heading = ScreenLine(name + " — sonogram · + - zoom · v or Esc closes", .bold)
        switch sonogram {
        case .loading:
            return [heading, ScreenLine(""), ScreenLine("\(spinner[model.tick % spinner.count]) decoding and analysing…")]
        case .failed(_, let reason):
            return [heading, ScreenLine(""), ScreenLine("✗ no sonogram: \(reason)")]
        case .ready(_, let picture):
            let marker = row?.playback.position.map { picture.column(at: $0.elapsed) }
            // The loop, on the row that plays: its start and end as dotted lines.
            var marks: [Int] = []
            if let active = model.activeRow, active < model.rows.count, model.rows[active].id == sonogram.id {
                switch model.listening.loop {
                case .none: break
                case .started(let start): marks = [picture.column(at: start)]
                case .looping(let section): marks = [picture.column(at: section.start), picture.column(at: section.end)]
                }
            }
            return [heading] + SonogramText.lines(picture, colours: .none, marker: marker, marks: marks).map { ScreenLine($0) }
        }
    }

    /// The keys that fit the width, most important first (the listening keys while a row plays),
    /// ending with `? keys`.
    public static func help(_ model: BrowseModel) -> String {
        // While a sonogram is shown, + and - zoom it instead of changing the volume.
        let zooming: Bool = if case .ready? = model.sonogram { true } else { false }
        let keys = KeyLists.bar(on: .browse, playing: model.activeRow != nil).map { key in
            zooming && key.keys == "+-" ? KeyHelp("+-", "zoom") : key
        }
        return HelpBar.line(keys, width: model.layout.width)
    }

    /// "Search: great tit▏ cnt:france": the cursor where the next character goes, kept on screen
    /// (the start of a long line gives way to it).
    static func searchPrompt(_ line: LineEditor, width: Int) -> String {
        var before = Substring(line.beforeCursor)
        while TextWidth.of(before) > max(8, width - 12) { before = "…" + before.dropFirst(2) }
        return "Search: " + before + "▏" + line.afterCursor
    }

    /// How the words were read, when not as typed.
    /// First on the line, short (the title shows the query as read), so a narrow screen keeps it.
    private static func reading(_ listing: Listing) -> String {
        listing.readAs.map { $0.reading.shortDescription + " · " } ?? ""
    }

    /// The list's own state, below the rows.
    static func status(_ model: BrowseModel) -> String {
        if case .search(let line) = model.panel { return searchPrompt(line, width: model.layout.width) }
        if case .listName(let text) = model.panel { return "Star into the list: " + text + "▏  (Enter, or Esc)" }
        switch model.list {
        case .idle, .loading, .empty, .error:
            return ""
        case .populated(let listing):
            let pages = listing.lastPage - listing.firstPage + 1
            return reading(listing) + "\(listing.rows.count) rows · all \(pages == 1 ? "results" : "\(pages) pages") loaded"
                + (model.hasRestrictedRows ? " · ⊘ restricted: no file" : "")
        case .paging(let listing, let next):
            switch next.fetch {
            case .waiting:
                return reading(listing) + "\(listing.rows.count) rows · more below: page \(next.page) loads as you scroll"
            case .loading:
                return "\(spinner[model.tick % spinner.count]) loading more… page \(next.page) of \(listing.numPages)"
            case .failed(let reason):
                return "✗ page \(next.page) failed: \(reason.description.prefix { $0 != "\n" }) · r to retry"
            }
        }
    }

    /// The playing row's clock and bar; or, when the cursor is on a row that failed, why.
    static func playback(_ model: BrowseModel) -> String {
        let rows = model.rows
        let width = model.layout.width
        if let notice = model.notice { return notice }
        if model.cursor < rows.count, case .failed(let error) = rows[model.cursor].playback {
            return "✗ XC\(rows[model.cursor].id): \(error)"
        }
        guard let active = model.activeRow, active < rows.count else { return "" }
        let row = rows[active]
        let name = "XC\(row.id) " + (row.recording.englishName ?? row.recording.scientificName)
        let line = PlaybackLine.render(row.playback, settings: model.listening, width: max(10, width - TextWidth.of(name) - 2))
        if case .buffering = row.playback { return "\(spinner[model.tick % spinner.count]) \(name)  \(line)" }
        return name + "  " + line
    }

    /// The first cell of a row: ⊘ when it cannot play, else its playback (a spinner while buffering);
    /// ★ on a starred row that is not playing.
    static func marker(_ row: Row, tick: Int, starred: Set<String> = []) -> String {
        if case .buffering = row.playback { return String(spinner[tick % spinner.count]) }
        if case .idle = row.playback, row.recording.isPlayable, starred.contains(row.id) { return "★" }
        return ListRenderer.marker(row)
    }

    /// "0:07/0:21" in the length column of the row that plays.
    static func clock(_ playback: PlaybackState) -> String? {
        guard let position = playback.position else { return nil }
        let elapsed = RecordingLength.format(position.elapsed)
        return position.duration.map { elapsed + "/" + RecordingLength.format($0) } ?? elapsed
    }
}

extension BrowseModel.Panel {
    var isSearch: Bool {
        if case .search = self { return true }
        return false
    }
}
