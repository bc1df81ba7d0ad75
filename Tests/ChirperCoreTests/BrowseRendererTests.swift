import PlaybackModel
import Testing
import XenoCanto
@testable import ChirperCore

@Suite("browse's screen: every list state and every playback state")
struct BrowseRendererTests {
    let query = Fixtures.query

    func model(_ events: [ListEvent], height: Int = 20) -> BrowseModel {
        var model = BrowseModel(width: 100, height: height)
        for event in events { _ = model.receive(event) }
        return model
    }

    var page1: ListEvent { .pageLoaded(query, Fixtures.page(1, of: 3, ids: 1...50)) }
    /// Asked for as soon as page 1 came: a page ahead.
    var page2: ListEvent { .pageLoaded(query, Fixtures.page(2, of: 3, ids: 51...100)) }

    func texts(_ model: BrowseModel) -> [String] { BrowseRenderer.frame(model).map(\.text) }

    @Test func everyFrameFillsTheScreenExactly() {
        for height in [3, 8, 20, 50] {
            let frame = BrowseRenderer.frame(model([.searchStarted(query, page: 1), page1], height: height))
            #expect(frame.count == height)
            #expect(frame.allSatisfy { TextWidth.of($0.text) <= 100 })
        }
    }

    @Test func idleAsksForAQuery() {
        let lines = texts(BrowseModel(width: 100, height: 20))
        #expect(lines[0] == "chirper")
        #expect(lines.contains { $0.hasPrefix("Press / and type a query") })
        #expect(lines.last == BrowseRenderer.help(BrowseModel(width: 100, height: 20)))
    }

    @Test func loadingSpinsUntilThePageArrives() {
        var model = model([.searchStarted(query, page: 1)])
        #expect(model.isBusy)
        let first = texts(model)
        #expect(first[0] == "chirper · en:\"great tit\"")
        #expect(first.contains("⠋ Searching xeno-canto for en:\"great tit\"…"))
        model.advance()
        #expect(texts(model).contains("⠙ Searching xeno-canto for en:\"great tit\"…"), "the spinner moves on each tick")
    }

    @Test func emptySaysWhatToTry() {
        let lines = texts(model([.searchStarted(query, page: 1), .pageLoaded(query, Page(numRecordings: 0, numSpecies: 0, page: 1, numPages: 0, recordings: []))]))
        #expect(lines.contains("No recordings match en:\"great tit\", nor sp:\"great tit\", nor en:great-tit."), "every reading tried")
        #expect(lines.contains("Try: check the spelling; part of the name (en:tit)."), "no sp: or tag advice for a query without them")
        #expect(lines.contains("Press / to search again."))
    }

    @Test func errorsSayWhatHappenedAndHowToRetry() {
        let server = texts(model([.searchStarted(query, page: 1), .pageFailed(query, page: 1, .server(status: 503, attempts: 3))]))
        #expect(server.contains("The API answered HTTP 503 (3 tries). Try again later."))
        #expect(server.contains("Press r to retry, / to search again, q to quit."))
        let noKey = texts(model([.searchStarted(query, page: 1), .pageFailed(query, page: 1, .noKey)]))
        #expect(noKey.contains { $0.hasPrefix("No API key: set XC_API_KEY or pass --key") })
        #expect(noKey.contains("Set the key, then press r to retry (or q to quit)."))
        let refused = texts(model([.searchStarted(query, page: 1), .pageFailed(query, page: 1, .keyRefused(message: "invalid key"))]))
        #expect(refused.contains("The API refused the key: invalid key"))
    }

    @Test func aPopulatedScreenHasTitleHeaderRowsStatusAndHelp() {
        let model = model([.searchStarted(query, page: 1), page1, page2])
        let frame = BrowseRenderer.frame(model)
        #expect(frame[0].text.hasPrefix("chirper · en:\"great tit\""))
        #expect(frame[0].text.hasSuffix("row 1 of 100 · pages 1–2 of 3 · 342 recordings"))
        #expect(frame[1].text.contains("English name") && frame[1].style == .dim)
        #expect(frame[2].text.contains("XC1 ") && frame[2].style == .inverse, "the cursor row is inverted")
        #expect(frame[3].text.contains("XC2 ") && frame[3].style == .plain)
        #expect(frame[16].text.contains("XC15 "), "15 rows fit")
        #expect(frame[17].text == "100 rows · more below: page 3 loads as you scroll")
        #expect(frame[18].text == "")
        #expect(frame[19].text == BrowseRenderer.help(model))

        let all = self.model([.searchStarted(query, page: 1), .pageLoaded(query, Fixtures.page(1, of: 1, ids: 1...3, total: 3))])
        #expect(texts(all)[17] == "3 rows · all results loaded")
    }

    @Test func eachPlaybackStateOnItsRowAndTheStatusLine() {
        var model = model([.searchStarted(query, page: 1), page1])
        func row(_ index: Int) -> String { texts(model)[2 + index] }

        #expect(row(0).hasPrefix("   XC1 "), "idle: a blank marker")
        _ = model.receive(.playback(recordingID: "1", .buffering(progress: 0.42)))
        #expect(row(0).hasPrefix("⠋  XC1 "))
        #expect(texts(model)[18] == "⠋ XC1 Great Tit  buffering 42%")
        _ = model.receive(.playback(recordingID: "1", .position(elapsed: 7.2, duration: 21)))
        #expect(row(0).hasPrefix("▶  XC1 ") && row(0).contains("0:07/0:21"))
        #expect(texts(model)[18].hasPrefix("XC1 Great Tit  ▶ 0:07 / 0:21 ━━━━━━━━━━"))
        _ = model.receive(.playback(recordingID: "1", .paused))
        #expect(row(0).hasPrefix("‖  XC1 ") && row(0).contains("0:07/0:21"))
        #expect(texts(model)[18].hasSuffix("(paused)"))
        _ = model.receive(.playback(recordingID: "1", .failed(.http(status: 404))))
        #expect(row(0).hasPrefix("✗  XC1 ") && row(0).contains("0:21"))
        #expect(texts(model)[18] == "✗ XC1: the audio URL answered HTTP 404", "the reason, with the cursor on the row")
        _ = model.press(.down)
        #expect(texts(model)[18] == "", "and not when the cursor is elsewhere")
        _ = model.receive(.playback(recordingID: "2", .finished))
        #expect(row(1).hasPrefix("   XC2 "), "finished: idle again")
    }

    @Test func theDetailPanelShowsTheSectionsOfTheCursorRow() {
        var model = model([.searchStarted(query, page: 1), page1])
        _ = model.press(.character("i"))
        let lines = texts(model)
        #expect(lines[1] == "XC1 · Great Tit — i or Esc closes")
        #expect(lines.contains { $0.contains("Recording") })
        #expect(lines.contains { $0.contains("Recordist") && $0.contains("Jane Doe") })
        _ = model.press(.escape)
        #expect(texts(model)[1].contains("English name"))
    }

    @Test func aFrameCostsTheRowsOnScreenNotTheRowsLoaded() {
        var small = model([.searchStarted(query, page: 1), .pageLoaded(query, Fixtures.page(1, of: 1, ids: 1...100))])
        var large = model([.searchStarted(query, page: 1), .pageLoaded(query, Fixtures.page(1, of: 1, ids: 1...10_000))])
        _ = small.press(.end)
        _ = large.press(.end)
        #expect(texts(small)[16].contains("XC100 "))
        #expect(texts(large)[16].contains("XC10000 "))
    }
}

@Suite("Screen updates: only what changed is written")
struct ScreenUpdateTests {
    let width = 40

    @Test func aFirstFrameIsWrittenWhole() {
        let frame = [ScreenLine("one"), ScreenLine("two", .inverse)]
        let bytes = ScreenUpdate.bytes(from: nil, to: frame, width: width)
        #expect(bytes.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(bytes.contains("\u{1B}[1;1Hone" + String(repeating: " ", count: 37) + "\u{1B}[0m"))
        #expect(bytes.contains("\u{1B}[2;1H\u{1B}[7mtwo"))
    }

    @Test func laterFramesWriteTheChangedLinesOnly() {
        let old = (0..<20).map { ScreenLine("line \($0)") }
        var new = old
        #expect(ScreenUpdate.bytes(from: old, to: new, width: width) == "", "nothing changed, nothing written")
        new[3] = ScreenLine("line 3", .inverse)
        let one = ScreenUpdate.bytes(from: old, to: new, width: width)
        new[4] = ScreenLine("line 4", .inverse)
        let two = ScreenUpdate.bytes(from: old, to: new, width: width)
        #expect(one.hasPrefix("\u{1B}[4;1H") && !one.contains("\u{1B}[2J"))
        #expect(two.utf8.count == 2 * one.utf8.count, "bytes grow with the lines changed")
    }
}
