import PlaybackModel
import Testing
import XenoCanto
@testable import ChirperCore

@Suite("browse's model: cursor, scrolling, infinite paging, keys")
struct BrowseModelTests {
    let query = Fixtures.query

    /// A 100×20 screen (15 rows visible) showing pages 1 and 2 (asked for as page 1 came) of `pages`,
    /// 50 rows each.
    func loaded(pages: Int = 3) -> BrowseModel {
        var model = BrowseModel(width: 100, height: 20)
        #expect(model.receive(.searchStarted(query, page: 1)) == [.fetch(query, page: 1)])
        #expect(model.receive(.pageLoaded(query, Fixtures.page(1, of: pages, ids: 1...50))) == [.fetch(query, page: 2)])
        _ = model.receive(.pageLoaded(query, Fixtures.page(2, of: pages, ids: 51...100)))
        return model
    }

    func press(_ model: inout BrowseModel, _ keys: TerminalKey...) -> [BrowseCommand] {
        keys.flatMap { model.press($0) }
    }

    @Test func theCursorMovesAndTheListScrollsToKeepItOnScreen() {
        var model = loaded()
        #expect(model.layout.visibleRows == 15)
        _ = press(&model, .down, .character("j"), .character("j"))
        #expect(model.cursor == 3 && model.top == 0)
        _ = press(&model, .pageDown)
        #expect(model.cursor == 18 && model.top == 4, "the cursor row is the last on screen")
        _ = press(&model, .character("k"), .up, .home)
        #expect(model.cursor == 0 && model.top == 0)
        _ = press(&model, .up)
        #expect(model.cursor == 0, "the cursor stops at the first row")
    }

    @Test func theNextPageIsAskedForAsSoonAsTheLastArrivesAndKeptAPageAhead() {
        var model = BrowseModel(width: 100, height: 20)
        _ = model.receive(.searchStarted(query, page: 1))
        #expect(model.receive(.pageLoaded(query, Fixtures.page(1, of: 3, ids: 1...50))) == [.fetch(query, page: 2)],
                "asked for as soon as page 1 arrives")
        #expect(BrowseRenderer.status(model).contains("loading more… page 2 of 3"))
        #expect(press(&model, .down, .pageDown) == [], "already on its way")
        let cursor = model.cursor
        #expect(model.receive(.pageLoaded(query, Fixtures.page(2, of: 3, ids: 51...100))) == [],
                "a page ahead of the screen is enough")
        #expect(model.cursor == cursor, "appending never moves the cursor")
        #expect(model.rows.map(\.id) == (1...100).map(String.init), "rows appended in order")
        #expect(BrowseRenderer.title(model).hasSuffix("row 17 of 100 · pages 1–2 of 3 · 342 recordings"))
        #expect(press(&model, .pageDown) == [], "rows 31 to 99 are more than a page and a screen")
        #expect(press(&model, .pageDown) == [.fetch(query, page: 3)], "from row 46, fewer: page 3 is asked for")
        #expect(press(&model, .character("G")) == [], "already on its way")
    }

    @Test func aFailedPageKeepsTheRowsAndWaitsForRetry() {
        var model = loaded()
        #expect(press(&model, .character("G")) == [.fetch(query, page: 3)])
        _ = model.receive(.pageFailed(query, page: 3, .server(status: 500, attempts: 3)))
        #expect(model.rows.count == 100, "the rows stay")
        #expect(BrowseRenderer.status(model) == "✗ page 3 failed: The API answered HTTP 500 (3 tries). Try again later. · r to retry")
        #expect(press(&model, .up, .down) == [], "no automatic retry")
        #expect(press(&model, .character("r")) == [.fetch(query, page: 3)])
    }

    @Test func enterPlaysTheCursorRowAndARestrictedRowFailsAtOnce() {
        var model = loaded()
        _ = press(&model, .down)
        #expect(press(&model, .enter) == [.play(model.rows[1].recording)])
        _ = model.receive(.playback(recordingID: "2", .buffering(progress: 0)))
        #expect(model.activeRow == 1 && model.isBusy)
        _ = model.receive(.playback(recordingID: "2", .started(duration: 21)))
        #expect(!model.isBusy)
        #expect(press(&model, .character(" ")) == [.listen(.togglePause)])
        #expect(press(&model, .character("s")) == [.stopPlayback])
        _ = model.receive(.playbackStopped)
        #expect(model.activeRow == nil && model.rows[1].playback == .idle)
        #expect(press(&model, .character(" ")) == [], "nothing to pause")

        var restricted = BrowseModel(width: 100, height: 20)
        _ = restricted.receive(.searchStarted(query, page: 1))
        let page = Page(numRecordings: 1, numSpecies: 1, page: 1, numPages: 1, recordings: [Fixtures.recording(7, playable: false)])
        _ = restricted.receive(.pageLoaded(query, page))
        #expect(press(&restricted, .enter) == [])
        #expect(restricted.rows[0].playback == .failed(.notPlayable))
    }

    @Test func aPlaysFromTheCursorOnAndNSkipsOnlyWhileSomethingPlays() {
        var model = loaded()
        _ = press(&model, .down, .down)
        #expect(press(&model, .character("n")) == [], "nothing plays: nothing to skip")
        #expect(press(&model, .character("a")) == [.playAll(fromRow: 2)])
        _ = model.receive(.playback(recordingID: "3", .started(duration: 21)))
        #expect(press(&model, .character("n")) == [.listen(.next)])
        var empty = BrowseModel(width: 100, height: 20)
        #expect(empty.press(.character("a")) == [], "no rows, no queue")
    }

    @Test func speedAndLoopKeysGoToThePlayerWhileARowPlaysAndTheClockShowsThem() {
        var model = loaded()
        #expect(press(&model, .character("["), .character("l")) == [], "nothing plays: nothing to slow down")
        _ = press(&model, .enter)
        _ = model.receive(.playback(recordingID: "1", .started(duration: 21)))
        #expect(press(&model, .character("["), .character("]"), .character("{"), .character("}"), .backspace, .character("t"), .character("l"))
                == [.listen(.speed(.slower)), .listen(.speed(.faster)), .listen(.speed(.halve)), .listen(.speed(.double)),
                    .listen(.speed(.reset)), .listen(.speed(.toggleTape)), .listen(.markLoop)])
        let settings = ListeningSettings(speed: PlaybackSpeed(rate: 0.5, tape: true), loop: .looping(LoopSection(start: 1.5, end: 3.2)!))
        _ = model.receive(.playback(recordingID: "1", .settings(settings)))
        #expect(model.listening == settings)
        #expect(BrowseRenderer.playback(model).hasSuffix("½× tape ⟲ 0:01.5–0:03.2"), "\(BrowseRenderer.playback(model))")
    }

    @Test func vAsksForTheCursorRowsSonogramOnceAndDrawsItWhenItComes() {
        var model = loaded()
        #expect(press(&model, .character("v")) == [.makeSonogram(model.rows[0].recording)])
        #expect(model.panel == .sonogram(.loading(id: "1")) && model.isBusy)
        #expect(BrowseRenderer.frame(model)[3].text.hasSuffix("decoding and analysing…"))
        let spectrogram = Spectrogram(sampleRate: 24_000, binCount: 5, columnSeconds: 1, columns: Array(repeating: [1, 0, 0, 0, 0], count: 21))
        model.receiveSonogram(id: "1", .success(spectrogram))
        guard case .ready(_, let picture)? = model.sonogram else { Issue.record("not drawn"); return }
        #expect(picture.maxHertz == 4_000 && picture.duration == 21, "the axis fitted to the sound")
        let lines = BrowseRenderer.frame(model).map(\.text)
        #expect(lines[1] == "XC1 · Great Tit — sonogram · + - zoom · v or Esc closes")
        #expect(lines[2].hasPrefix("   4 kHz ┤"))
        #expect(!lines.contains { $0.contains("|") })
        _ = model.receive(.playback(recordingID: "1", .position(elapsed: 10.5, duration: 21)))
        let marked = BrowseRenderer.frame(model).map(\.text)
        let column = marked[2].firstIndex(of: "|").map { marked[2].distance(from: marked[2].startIndex, to: $0) }
        #expect(column == SonogramText.axisWidth + picture.width / 2, "halfway through, the line is halfway across")
        // A loop on the row that plays: two dotted lines, the position line between them.
        _ = model.receive(.playback(recordingID: "1", .settings(ListeningSettings(speed: .normal, loop: .looping(LoopSection(start: 7, end: 14)!)))))
        let looped = BrowseRenderer.frame(model).map(\.text)[2]
        let dotted = looped.indices.filter { looped[$0] == "┊" }.map { looped.distance(from: looped.startIndex, to: $0) }
        #expect(dotted == [SonogramText.axisWidth + picture.width / 3, SonogramText.axisWidth + 2 * picture.width / 3], "\(looped)")
        // + and - zoom the axis (not the volume, while the panel is open), in whole kHz.
        #expect(BrowseRenderer.help(model).contains("+- zoom") && !BrowseRenderer.help(model).contains("+- vol"), "\(BrowseRenderer.help(model))")
        #expect(press(&model, .character("+")) == [])
        #expect({ if case .ready(_, let zoomed)? = model.sonogram { zoomed.maxHertz == 2_000 } else { false } }(), "+ halves the top")
        _ = press(&model, .character("-"), .character("-"), .character("-"), .character("-"))
        #expect({ if case .ready(_, let zoomed)? = model.sonogram { zoomed.maxHertz == 12_000 } else { false } }(), "- stops at half the sample rate")
        #expect(press(&model, .character("v")) == [] && model.panel == .none)
        #expect(press(&model, .character("v")) == [], "the same row's sonogram is kept")
        guard case .ready? = model.sonogram else { Issue.record("drawn again from what was kept"); return }
        #expect(press(&model, .character("q")) == [] && model.panel == .none, "q closes the panel, not the program")
        #expect(press(&model, .character("q")) == [.quit(interrupted: false)], "q on the list quits")
    }

    @Test func seekVolumeAndPreviousGoToThePlayerWhileARowPlays() {
        var model = loaded()
        #expect(press(&model, .right, .character("+"), .character("-"), .character("p")) == [], "nothing plays")
        _ = press(&model, .enter)
        _ = model.receive(.playback(recordingID: "1", .started(duration: 21)))
        #expect(press(&model, .right, .left, .character("+"), .character("-"), .character("p"))
                == [.listen(.seek(by: 5)), .listen(.seek(by: -5)), .listen(.volume(by: 0.1)), .listen(.volume(by: -0.1)), .listen(.previous)])
        #expect(model.cursor == 0, "→ and ← do not move the cursor")
    }

    @Test func questionMarkListsTheKeysAndQOrEscCloseEveryPanel() {
        var model = loaded()
        _ = press(&model, .character("?"))
        #expect(model.panel == .keys)
        let lines = BrowseRenderer.frame(model).map(\.text)
        #expect(lines[1].hasPrefix("Keys"))
        for key in ["space", "→ ←", "+ -", "[ ]", "{ }", "⌫", "t ", "l ", "n p", "/", "v", "q", "?", "Esc"] {
            #expect(lines.contains { $0.contains("  " + key + " ") }, "\(key) listed: \(lines)")
        }
        #expect(press(&model, .character("q")) == [] && model.panel == .none)
        _ = press(&model, .character("i"))
        #expect(model.panel == .details)
        #expect(press(&model, .escape) == [] && model.panel == .none)
        _ = press(&model, .character("i"))
        #expect(press(&model, .character("Q")) == [] && model.panel == .none)
        _ = press(&model, .character("?"), .character("?"))
        #expect(model.panel == .none, "? again closes it")
    }

    @Test func slashTypesANewQueryThatReplacesTheList() {
        var model = loaded()
        _ = press(&model, .pageDown, .enter)
        _ = model.receive(.playback(recordingID: "16", .started(duration: 21)))
        _ = press(&model, .character("/"), .control("u"))
        #expect(press(&model, .character("o"), .character("w"), .character("x"), .backspace, .character("l")) == [])
        #expect(model.panel == .search(LineEditor("owl")))
        #expect(BrowseRenderer.status(model) == "Search: owl▏")
        let owl = SearchQuery("owl")
        #expect(press(&model, .enter) == [.stopPlayback, .fetch(owl, page: 1)])
        #expect(model.list == .loading(owl, page: 1) && model.cursor == 0 && model.activeRow == nil)
        _ = press(&model, .character("/"), .character("q"), .escape)
        #expect(model.panel == .none, "Escape cancels, and q typed in the prompt is text, not quit")
    }

    @Test func fStarsTheCursorRowAndTakesTheStarOffAgainAndTheRowShowsIt() {
        var model = loaded()
        _ = press(&model, .down)
        let recording = model.rows[1].recording
        #expect(press(&model, .character("f")) == [.star(recording, list: "starred", on: true)])
        #expect(model.starred == [recording.id])
        let starredLine = BrowseRenderer.frame(model).map(\.text).first { $0.contains("XC\(recording.id)") }
        #expect(starredLine?.hasPrefix("★") == true, "\(starredLine ?? "")")
        #expect(press(&model, .character("f")) == [.star(recording, list: "starred", on: false)])
        #expect(model.starred.isEmpty)
        // A star the library could not keep: the list as it is, and why, until the next key.
        model.showStarred(["900001"], refusal: "✗ not starred: the library is busy")
        #expect(BrowseRenderer.frame(model).map(\.text).contains("✗ not starred: the library is busy"))
        _ = press(&model, .down)
        #expect(model.notice == nil && model.starred == ["900001"])
    }

    /// The library's first answer can come after an f pressed meanwhile (it was asked before): the
    /// press stands.
    @Test func aStarPressedBeforeTheLibrarysFirstAnswerStays() {
        var model = loaded()
        let id = model.rows[0].recording.id
        _ = press(&model, .character("f"))
        model.showStarred([])
        #expect(model.starred == [id])
        _ = press(&model, .character("f"))
        model.showStarred([id])
        #expect(model.starred.isEmpty, "taken off meanwhile: off")
    }

    @Test func capitalFStarsIntoAListNamedAtAPrompt() {
        var model = loaded()
        let recording = model.rows[0].recording
        #expect(press(&model, .character("F")).isEmpty)
        #expect(BrowseRenderer.frame(model).map(\.text).contains { $0.hasPrefix("Star into the list: ▏") })
        #expect(press(&model, .character("t"), .character("r"), .character("i"), .character("p"), .enter) == [.star(recording, list: "trip", on: true)])
        #expect(model.panel == .none && !model.starred.contains(recording.id), "★ marks the list starred only")
        _ = press(&model, .character("F"))
        #expect(press(&model, .character("x"), .escape).isEmpty && model.panel == .none)
    }

    @Test func theSearchPromptStartsFromTheQueryShownAndEditsAsReadlineDoes() {
        var model = BrowseModel(width: 100, height: 20)
        let shown = SearchQuery("great tit cnt:france")
        _ = model.receive(.searchStarted(shown, page: 1))
        _ = model.receive(.pageLoaded(shown, Fixtures.page(1, of: 1, ids: 1...3)))
        _ = press(&model, .character("/"))
        #expect(BrowseRenderer.status(model) == "Search: great tit cnt:france▏", "the query as typed, to refine")
        _ = press(&model, .alt("b"), .alt("b"), .left, .character(" "), .character("x"))
        #expect(BrowseRenderer.status(model) == "Search: great tit x▏ cnt:france")
        _ = press(&model, .control("w"), .backspace, .control("e"), .control("w"), .control("a"), .alt("f"))
        #expect(BrowseRenderer.status(model) == "Search: great▏ tit ", "Ctrl-W takes a word and its tag whole")
        _ = press(&model, .control("k"), .control("a"), .control("y"), .control("a"), .alt("d"), .control("e"), .character("!"))
        #expect(BrowseRenderer.status(model) == "Search:  great!▏", "Ctrl-Y puts back what Ctrl-K took; Alt-D takes the word after")
        _ = press(&model, .control("u"), .character("q"))
        #expect(model.panel == .search(LineEditor("q")), "q is text at the prompt")
        #expect(press(&model, .enter) == [.fetch(SearchQuery("q"), page: 1)])
        _ = press(&model, .character("/"), .home, .delete, .end, .character("z"))
        #expect(model.panel == .search(LineEditor("z")))
    }

    @Test func upAndDownAtTheSearchPromptBringBackPastSearchesNewestFirst() {
        var model = loaded()
        model.showPastSearches(["gen:parus", "cnt:france"])
        _ = press(&model, .character("/"), .control("u"), .up)
        #expect(model.panel == .search(LineEditor("gen:parus")))
        _ = press(&model, .up, .up)
        #expect(model.panel == .search(LineEditor("cnt:france")), "the oldest stays")
        _ = press(&model, .down, .down)
        #expect(model.panel == .search(LineEditor("")), "past the newest: what was typed, empty")
        _ = press(&model, .character("e"), .character("n"), .character(":"), .character("x"), .enter)
        #expect(model.pastSearches == ["en:x", "gen:parus", "cnt:france"], "a new search is the newest")
        // The line being edited comes back below the newest, as readline's does; ↓ alone leaves it be.
        _ = press(&model, .character("/"), .control("u"), .character("w"), .character("r"), .down)
        #expect(model.panel == .search(LineEditor("wr")))
        _ = press(&model, .up, .up, .down, .down)
        #expect(model.panel == .search(LineEditor("wr")), "the typed line, not an empty one")
    }

    @Test func quitAndInterrupt() {
        var model = loaded()
        #expect(press(&model, .character("q")) == [.quit(interrupted: false)])
        #expect(press(&model, .control("c")) == [.quit(interrupted: true)])
        _ = press(&model, .character("/"))
        #expect(press(&model, .control("c")) == [.quit(interrupted: true)], "Ctrl-C quits even from the prompt")
    }

    @Test func aSmallerWindowKeepsTheCursorOnScreen() {
        var model = loaded()
        _ = press(&model, .pageDown)
        _ = model.resize(width: 60, height: 10)
        #expect(model.layout.visibleRows == 5)
        #expect(model.top <= model.cursor && model.cursor < model.top + 5)
        #expect(BrowseRenderer.frame(model).count == 10)
        #expect(BrowseRenderer.frame(model).allSatisfy { TextWidth.of($0.text) <= 60 })
    }

    @Test func wordsReadAgainAreShownAsSearchedAndTheStatusLineSaysHow() throws {
        let typed = SearchQuery("parus major")
        let reading = try #require(typed.readings.first)
        var model = BrowseModel(width: 100, height: 20)
        _ = model.receive(.searchStarted(typed, page: 1))
        var page = Fixtures.page(1, of: 1, ids: 1...11, total: 11)
        page.readAs = reading
        _ = model.receive(.pageLoaded(typed, page))
        #expect(BrowseRenderer.title(model).hasPrefix("chirper · sp:\"parus major\"  "), "\(BrowseRenderer.title(model))")
        #expect(BrowseRenderer.title(model).hasSuffix("row 1 of 11 · page 1 of 1 · 11 recordings"), "\(BrowseRenderer.title(model))")
        let frame = BrowseRenderer.frame(model).map(\.text)
        #expect(frame.contains("read as a scientific name · 11 rows · all results loaded"), "on the screen, whole: \(frame)")
    }

    @Test func anEmptyResultsHintIsWrappedOnANarrowScreen() {
        var model = BrowseModel(width: 40, height: 20)
        let typed = SearchQuery("zebra finchy")
        _ = model.receive(.searchStarted(typed, page: 1))
        _ = model.receive(.pageLoaded(typed, Page(numRecordings: 0, numSpecies: 0, page: 1, numPages: 0, recordings: [])))
        let lines = BrowseRenderer.frame(model).map(\.text)
        #expect(lines.allSatisfy { TextWidth.of($0) <= 40 }, "\(lines)")
        #expect(lines.joined(separator: " ").contains("nor en:zebra-finchy."), "the whole hint, over several lines: \(lines)")
    }
}
