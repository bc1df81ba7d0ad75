import PlaybackModel
import XenoCanto

/// Browse in the linear mode, as pure functions of its model: what a listener is told (the results'
/// heading, the rows of the page as numbered lines, each row's sound, the details asked for, the
/// state's message and notices), and how a line typed becomes the keys of the same model.
public enum BrowseLinear {
    /// "Results for great tit: page 1 of 3 · 300 recordings"; nil before the first answer.
    public static func heading(_ model: BrowseModel) -> String? {
        guard let listing = model.list.listing else { return nil }
        return "Results for \(listing.query.typed): " + ListRenderer.summary(listing)
    }

    /// The rows of the page the cursor is on, numbered from 1 in the whole listing:
    /// "3. XC900003 · Great Tit (Parus major) · song · 0:30 · France · Ana Sousa ★".
    public static func rows(_ model: BrowseModel) -> [(id: String, line: String)] {
        let rows = model.rows
        guard !rows.isEmpty else { return [] }
        let end = min(rows.count, model.top + max(1, model.layout.visibleRows))
        return (min(model.top, rows.count)..<end).map { index in
            let r = rows[index].recording
            let name = [r.englishName, r.scientificName.isEmpty ? nil : "(\(r.scientificName))"].compactMap { $0 }.joined(separator: " ")
            let fields = ["XC\(r.id)", name, r.soundType, r.length, r.country, r.recordist].compactMap { $0 }.filter { !$0.isEmpty }
            return (rows[index].id, "\(index + 1). " + fields.joined(separator: " · ") + (model.starred.contains(r.id) ? " ★ starred" : ""))
        }
    }

    /// The sound of the row that plays, in words: "3. playing", "3. paused"; nil when none plays.
    public static func sound(_ model: BrowseModel) -> (id: String, line: String)? {
        guard let active = model.activeRow, active < model.rows.count else { return nil }
        let row = model.rows[active]
        let words: String
        switch row.playback {
        case .idle: words = "ended"
        case .buffering: words = "loading"
        case .playing: words = "playing" + model.listening.statusSuffix
        case .paused: words = "paused"
        case .failed(let error): words = "failed: \(error)"
        }
        return (row.id, "\(active + 1). XC\(row.id) \(words)")
    }

    /// The details of the cursor's row, when asked for (`i N` opens its sonogram, said with them).
    public static func details(_ model: BrowseModel) -> [String]? {
        guard model.panel == .details || model.sonogram != nil, model.cursor < model.rows.count else { return nil }
        let recording = model.rows[model.cursor].recording
        return ["Details of \(model.cursor + 1). XC\(recording.id):"]
            + RecordingSection.compactLines(RecordingSection.sections(of: recording), width: 1_000).map { "  " + $0 }
    }

    /// The sonogram of the cursor's row in words, once it is made (or why there is none).
    public static func sonogram(_ model: BrowseModel) -> [String]? {
        switch model.sonogram {
        case .ready(let id, _)?:
            return model.sonogramInWords.map { ["Sonogram of XC\(id), in words:"] + SonogramDescription.lines($0).map { "  " + $0 } }
        case .failed(let id, let reason)?: return ["No sonogram of XC\(id): \(reason)"]
        case .loading?, nil: return nil
        }
    }

    /// What the state says where rows would be (searching, no match, an error), without the spinner.
    public static func message(_ model: BrowseModel) -> [String] {
        if case .loading = model.list { return ListRenderer.footer(model.list) }
        return BrowseRenderer.message(model).filter { !$0.isEmpty }.map { LinearCommands.spokenKeys($0).replacing("Press / to search again", with: "Type / and words to search again") }
    }

    /// What a line asks of browse: a number plays that row; `i N` its details, `f N` stars it; `n` and
    /// `p` the next and previous page; `/ words` searches again; an empty line plays the row the cursor
    /// is on; a key browse binds is that key.
    public static func read(_ line: String, in model: BrowseModel) -> LinearCommands.Reading {
        let text = line.trimmed
        let screen = KeyScreen.browse
        // A text box open (a list's name after F): the line is its text; an empty one closes it.
        switch model.panel {
        case .search, .listName: return .keys(text.isEmpty ? [.escape] : [.control("u")] + text.map { .character($0) } + [.enter])
        case .none, .details, .sonogram, .keys: break
        }
        // A panel open is closed first, so that what the line asks is done, not taken by the panel.
        let closing: [TerminalKey] = model.panel == .none ? [] : [.escape]
        if ["q", "quit"].contains(text.lowercased()) { return .keys(quitKeys) }
        if let number = Int(text) { return row(number, in: model).map { .keys(closing + $0 + key(.play)) } ?? .unknown(text) }
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2, let number = Int(parts[1]), let action = ["i": BrowseAction.sonogram, "f": .star][parts[0]] {
            return row(number, in: model).map { .keys(closing + $0 + key(action)) } ?? .unknown(text)
        }
        // A box that would wait for text the listener does not see: asked for with its text instead.
        if text == "/" || text == "F" { return .unknown(text) }
        if text.hasPrefix("/"), case let words = text.dropFirst().trimmed, !words.isEmpty {
            // The search box opens on the query shown: Ctrl-U clears it first.
            return .keys(key(.search) + [.control("u")] + words.map { .character($0) } + [.enter])
        }
        if text == "n" { return .keys(closing + key(.pageDown)) }
        if text == "p" { return .keys(closing + key(.pageUp)) }
        return LinearCommands.read(text, on: screen)
    }

    /// Quitting, whatever is open: Esc closes a panel, then q quits.
    public static let quitKeys: [TerminalKey] = [.escape, .character("q")]

    /// The commands, for `?`: browse's own words, then the keys of the screen (n and p are pages here).
    public static var commands: [String] { words + LinearCommands.lines(on: .browse, overridden: ["n", "p"]).dropFirst() }

    static let words = [
        "Commands, each a line then Enter:",
        "  a number: play that row",
        "  n, p: the next or previous page of rows",
        "  i and a number: that row's details, then its sonogram in words",
        "  f and a number: star that row (the list starred), or take its star off",
        "  / and words: search again",
    ]

    /// The keys that put the cursor on row `number` (from 1), when the listing holds it.
    static func row(_ number: Int, in model: BrowseModel) -> [TerminalKey]? {
        guard (1...max(1, model.rows.count)).contains(number), number <= model.rows.count else { return nil }
        return key(.first) + Array(repeating: key(.down), count: number - 1).flatMap { $0 }
    }

    static func key(_ action: BrowseAction) -> [TerminalKey] {
        LinearCommands.key(for: .browse(action), on: .browse).map { [$0] } ?? []
    }
}
