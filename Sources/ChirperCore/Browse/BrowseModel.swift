import PlaybackModel
import XenoCanto

/// Everything `browse` shows: the list state, where the cursor is, what panel is open and the screen's
/// size. Keys and events change it; `BrowseRenderer` draws it; the commands it returns are the only
/// way it asks for I/O.
public struct BrowseModel: Equatable, Sendable {
    /// What covers part of the list.
    public enum Panel: Equatable, Sendable {
        case none
        /// The full metadata of the row under the cursor.
        case details
        /// A new query being typed.
        case search(LineEditor)
        /// The name of a list to star the cursor row into (F), being typed.
        case listName(String)
        /// The sonogram of a row, as it stands.
        case sonogram(SonogramView)
        /// Every key of the screen (`?`).
        case keys
    }

    public private(set) var list: ListState = .idle
    /// Index of the row under the cursor; 0 when there are no rows.
    public private(set) var cursor = 0
    /// Index of the first row on screen.
    public private(set) var top = 0
    public private(set) var panel: Panel = .none
    public private(set) var layout: BrowseLayout
    /// Frame of the spinner; advances only while something is in progress.
    public private(set) var tick = 0
    /// The row that holds the sound device (buffering, playing or paused), kept so a frame need not
    /// search 10,000 rows for it.
    public private(set) var activeRow: Int?
    /// The recording that plays: where it is heard, its marks and annotations, the mark being made.
    var heardRecording = HeardRecording()
    /// Speed and loop in force, as the player last said: shown after the playing row's clock, and
    /// where the next row starts.
    public private(set) var listening = ListeningSettings.normal
    /// Cell widths of every loaded row, measured once per row as pages arrive.
    public private(set) var measure = BrowseModel.freshMeasure
    private var measuredRows = 0
    /// Whether any loaded row is restricted (listed without a file), found as rows are measured.
    public private(set) var hasRestrictedRows = false
    /// XC numbers on the list `starred` (f) as the library last said, and those starred into any list since.
    public private(set) var starred: Set<String> = []
    /// The stars put on (true) or taken off in this session, by XC number.
    private var pressed: [String: Bool] = [:]
    /// The searches the library remembers, newest first: ↑ and ↓ at the `/` prompt bring them back.
    public private(set) var pastSearches: [String] = []
    /// Which of `pastSearches` the prompt shows, and the line as it was typed, which ↓ brings back;
    /// nil: the prompt shows what was typed.
    private var recalled: Recall?
    struct Recall: Equatable, Sendable { var index: Int, typed: LineEditor }
    /// A line for the footer until the next key: a star the library could not keep, what `o` or `y` did,
    /// the library still being written to at the end.
    public private(set) var notice: String?
    /// The last spectrogram made, kept to draw it again at a new size or when its panel opens again.
    private var kept: KeptSpectrogram?
    private struct KeptSpectrogram: Equatable, Sendable {
        let id: String
        let spectrogram: Spectrogram
        let inWords: SonogramDescription.Summary
        /// The top of the frequency axis `+` and `-` chose; nil: fitted to the sound.
        var top: Double?
    }
    /// The row whose sonogram is being made.
    private var asked: String?
    /// Typed queries are sent as typed when set (`--raw`).
    public let raw: Bool

    static var freshMeasure: ColumnMeasure { ColumnMeasure(reserved: [.length: 9]) }

    public init(width: Int, height: Int, raw: Bool = false) {
        layout = BrowseLayout(width: width, height: height)
        self.raw = raw
    }

    public var rows: [Row] { list.listing?.rows ?? [] }

    /// The sonogram the panel shows, when it is open.
    public var sonogram: SonogramView? {
        if case .sonogram(let view) = panel { return view }
        return nil
    }

    /// The sonogram shown, in words (what the linear mode says in place of its picture).
    public var sonogramInWords: SonogramDescription.Summary? { sonogram?.id == kept?.id ? kept?.inWords : nil }

    /// Whether a spinner or a progress display is running, so ticks should redraw.
    public var isBusy: Bool {
        switch list {
        case .loading: return true
        case .paging(_, let next) where next.fetch == .loading: return true
        case .idle, .empty, .error, .populated, .paging: break
        }
        if case .loading? = sonogram { return true }
        guard let activeRow, activeRow < rows.count, case .buffering = rows[activeRow].playback else { return false }
        return true
    }

    // MARK: Stars

    /// The stars the library holds (at the start, and after a star it could not keep). Without a
    /// `refusal`, the f presses of this session stand over `ids` (the library's answer to a question
    /// asked before them, as the first load's may be); with one (why a star was not kept), `ids` is the
    /// truth, and the reason is shown.
    public mutating func showStarred(_ ids: Set<String>, refusal: String? = nil) {
        if let refusal { (pressed, notice) = ([:], refusal) }
        starred = ids
        for (id, on) in pressed { if on { starred.insert(id) } else { starred.remove(id) } }
    }

    /// Shows `text` in the footer until the next key.
    public mutating func tell(_ text: String) { notice = text }

    /// The searches to bring back at the prompt (newest first).
    public mutating func showPastSearches(_ queries: [String]) { pastSearches = queries }

    private mutating func toggleStar() -> [BrowseCommand] {
        guard cursor < rows.count else { return [] }
        let recording = rows[cursor].recording
        let on = !starred.contains(recording.id)
        if on { starred.insert(recording.id) } else { starred.remove(recording.id) }
        pressed[recording.id] = on
        return [.star(recording, list: BrowseModel.starredList, on: on)]
    }

    /// The list `f` stars into.
    public static let starredList = "starred"

    private mutating func typeListName(_ key: TerminalKey, into text: String) -> [BrowseCommand] {
        switch key {
        case .character(let character): panel = .listName(text + String(character))
        case .backspace: panel = .listName(String(text.dropLast()))
        case .escape: panel = .none
        case .enter:
            panel = .none
            let name = text.trimmingWhitespace
            guard !name.isEmpty, cursor < rows.count else { return [] }
            if name == BrowseModel.starredList {
                starred.insert(rows[cursor].id)
                pressed[rows[cursor].id] = true
            }
            return [.star(rows[cursor].recording, list: name, on: true)]
        default: break
        }
        return []
    }

    // MARK: Input

    /// A key press; returns what the caller must do.
    public mutating func press(_ key: TerminalKey) -> [BrowseCommand] {
        if key == .control("c") { return [.quit(interrupted: true)] }
        notice = nil
        if case .search(let line) = panel { return type(key, into: line) }
        if case .alt = key { return key.unalted.flatMap { press($0) } }
        if case .listName(let text) = panel { return typeListName(key, into: text) }
        if case .ready? = sonogram, key == .character("+") || key == .character("-") {
            zoomSonogram(in: key == .character("+"))
            return []
        }
        switch KeyMap.meaning(of: key, on: .browse) {
        case .listen(let command)? where activeRow != nil: return [.listen(command)]
        case .landmark(let move)? where activeRow != nil: return landmark(move)
        case .browse(let action)?: return act(action)
        case .keyList?: panel = panel == .keys ? .none : .keys
        case .close?: panel = .none
        case .quit?:
            // A panel closes first, as Esc does; q on the list quits.
            if panel == .none { return [.quit(interrupted: false)] }
            panel = .none
            return []
        case .interrupt?: return [.quit(interrupted: true)]
        case .listen?, .quiz?, .landmark?, nil: break
        }
        return loadMoreIfNearTheEnd()
    }

    /// One of browse's own keys.
    private mutating func act(_ action: BrowseAction) -> [BrowseCommand] {
        switch action {
        case .star: return toggleStar()
        case .starInto: if cursor < rows.count { panel = .listName("") }
        case .up: moveCursor(to: cursor - 1)
        case .down: moveCursor(to: cursor + 1)
        case .pageUp: moveCursor(to: cursor - layout.visibleRows)
        case .pageDown: moveCursor(to: cursor + layout.visibleRows)
        case .first: moveCursor(to: 0)
        case .last: moveCursor(to: rows.count - 1)
        case .play: return playCursorRow()
        case .playAll: return cursor < rows.count ? [.playAll(fromRow: cursor)] : []
        case .stop: return activeRow == nil ? [] : [.stopPlayback]
        case .search:
            // From the query shown, to be refined (Ctrl-U clears it); a raw query (a pack's, a list's)
            // is no words to refine.
            panel = .search(LineEditor(raw ? "" : list.query?.typed ?? ""))
            recalled = nil
        case .retry: return receive(.retryRequested)
        case .openPage: return cursor < rows.count ? [.openPage(rows[cursor].recording)] : []
        case .copyNumber: return cursor < rows.count ? [.copyNumber(rows[cursor].recording)] : []
        case .info: panel = panel == .details ? .none : (rows.isEmpty ? .none : .details)
        case .sonogram: return toggleSonogram()
        }
        return loadMoreIfNearTheEnd()
    }

    /// Something the network or the player reported.
    public mutating func receive(_ event: ListEvent) -> [BrowseCommand] {
        if case .searchStarted = event {
            cursor = 0
            top = 0
            activeRow = nil
            measure = BrowseModel.freshMeasure
            measuredRows = 0
            hasRestrictedRows = false
        }
        let effect = list.reduce(event)
        measureNewRows()
        var commands: [BrowseCommand] = []
        switch event {
        case .playback(let id, let playbackEvent):
            trackActiveRow(id)
            if case .settings(let settings) = playbackEvent { listening = settings }
            if case .marked(let seconds) = playbackEvent { return marked(id, at: seconds) }
            commands += hear(id, playbackEvent)
        case .playbackStopped:
            activeRow = nil
            heardRecording = HeardRecording()
        case .searchStarted, .pageLoaded, .pageFailed, .nextPageRequested, .retryRequested:
            break
        }
        if case .fetch(let query, let page) = effect { commands.append(.fetch(query, page: page)) }
        return commands + loadMoreIfNearTheEnd()
    }

    /// A sonogram asked for with v is ready, or could not be made.
    public mutating func receiveSonogram(id: String, _ result: Result<Spectrogram, PlaybackError>) {
        guard asked == id else { return }  // another row's was asked for since
        asked = nil
        switch result {
        case .success(let made):
            kept = KeptSpectrogram(id: id, spectrogram: made, inWords: SonogramDescription.describe(made))
            drawSonogram()
        case .failure(let error):
            if sonogram?.id == id { panel = .sonogram(.failed(id: id, reason: error.description)) }
        }
    }

    public mutating func resize(width: Int, height: Int) -> [BrowseCommand] {
        layout = BrowseLayout(width: width, height: height)
        drawSonogram()
        scrollToCursor()
        return loadMoreIfNearTheEnd()
    }

    /// A tick of the clock: the spinner moves on if one is showing.
    public mutating func advance() {
        if isBusy { tick &+= 1 }
    }

    // MARK: Keys in detail

    private mutating func type(_ key: TerminalKey, into line: LineEditor) -> [BrowseCommand] {
        var line = line
        if key != .up, key != .down, line.apply(key) {
            panel = .search(line)
            return []
        }
        let text = line.text
        switch key {
        case .up, .down:
            let next = key == .up ? (recalled?.index ?? -1) + 1 : (recalled?.index ?? 0) - 1
            if next < 0 {
                if let typed = recalled?.typed { panel = .search(typed) }
                recalled = nil
            } else if next < pastSearches.count {
                recalled = Recall(index: next, typed: recalled?.typed ?? line)
                panel = .search(LineEditor(pastSearches[next]))
            }
        case .escape:
            panel = .none
        case .enter:
            let typed = text.trimmingWhitespace
            guard !typed.isEmpty else {
                panel = .none
                return []
            }
            panel = .none
            pastSearches.removeAll { $0 == typed }
            pastSearches.insert(typed, at: 0)
            let stop: [BrowseCommand] = activeRow == nil ? [] : [.stopPlayback]
            return stop + receive(.searchStarted(SearchQuery(typed, raw: raw), page: 1))
        default:
            break
        }
        return []
    }

    private mutating func toggleSonogram() -> [BrowseCommand] {
        if sonogram != nil {
            panel = .none
            return []
        }
        guard cursor < rows.count else { return [] }
        let recording = rows[cursor].recording
        guard recording.isPlayable else {
            panel = .sonogram(.failed(id: recording.id, reason: PlaybackError.notPlayable.description))
            return []
        }
        panel = .sonogram(.loading(id: recording.id))
        if kept?.id == recording.id {
            drawSonogram()
            return []
        }
        if asked == recording.id { return [] }  // on its way already
        asked = recording.id
        return [.makeSonogram(recording)]
    }

    /// The open panel's picture at the screen's size (the body's lines less a heading, axes and scale),
    /// when its spectrogram is made.
    private mutating func drawSonogram() {
        guard let kept, sonogram?.id == kept.id else { return }
        let size = SonogramText.pictureSize(width: layout.width, lines: layout.visibleRows)
        panel = .sonogram(.ready(id: kept.id, SonogramPicture(kept.spectrogram, width: size.width, height: size.height, maxHertz: kept.top)))
    }

    /// `+` halves the axis's top (to 1 kHz at the least), `-` doubles it (to half the sample rate), in
    /// whole kHz: a song's detail, or the sound around it.
    private mutating func zoomSonogram(in zoomingIn: Bool) {
        guard var shown = kept, case .ready(_, let picture)? = sonogram else { return }
        let kilohertz = picture.maxHertz / 1000
        let next = zoomingIn ? max(1, (kilohertz / 2).rounded(.down)) : min(shown.spectrogram.nyquist / 1000, kilohertz * 2)
        shown.top = next * 1000
        kept = shown
        drawSonogram()
    }

    private mutating func playCursorRow() -> [BrowseCommand] {
        guard cursor < rows.count else { return [] }
        let recording = rows[cursor].recording
        guard recording.isPlayable else {
            return receive(.playback(recordingID: recording.id, .failed(.notPlayable)))
        }
        return [.play(recording)]
    }

    private mutating func moveCursor(to index: Int) {
        cursor = max(0, min(index, rows.count - 1))
        scrollToCursor()
    }

    /// Keeps the cursor on screen, scrolling as little as possible.
    private mutating func scrollToCursor() {
        let visible = layout.visibleRows
        if cursor < top { top = cursor }
        if cursor >= top + visible { top = cursor - visible + 1 }
        top = max(0, min(top, max(0, rows.count - visible)))
    }

    /// Infinite paging, a page ahead: while fewer than a page and a screen of rows lie past the cursor,
    /// the next page is asked for, so it is asked for as soon as the last one arrives and scrolling to
    /// the end finds its rows there. The request budget spaces the pages.
    private mutating func loadMoreIfNearTheEnd() -> [BrowseCommand] {
        guard case .paging(let listing, let next) = list, next.fetch == .waiting else { return [] }
        let rowsAPage = listing.rows.count / max(1, listing.lastPage - listing.firstPage + 1)
        guard listing.rows.count - 1 - cursor < rowsAPage + layout.visibleRows else { return [] }
        return receive(.nextPageRequested)
    }

    private mutating func measureNewRows() {
        let rows = self.rows
        guard rows.count > measuredRows else { return }
        for row in rows[measuredRows...] {
            measure.include(RecordingTable.cells(row, marker: " "))
            if !row.recording.isPlayable { hasRestrictedRows = true }
        }
        measuredRows = rows.count
    }

    private mutating func trackActiveRow(_ id: String) {
        // Usually the row that was already active: no search needed.
        let index: Int?
        if let activeRow, activeRow < rows.count, rows[activeRow].id == id {
            index = activeRow
        } else {
            index = rows.firstIndex { $0.id == id }
        }
        guard let index else { return }
        if rows[index].playback.isActive {
            activeRow = index
        } else if activeRow == index {
            activeRow = nil
        }
    }
}
