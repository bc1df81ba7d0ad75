import Testing
import XenoCanto
@testable import ChirperCore

@Suite("The renderer: every state's lines")
struct ListRendererTests {
    let query = Fixtures.query

    func populated(_ pages: Int = 7, ids: ClosedRange<Int> = 1...3) -> ListState {
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, Fixtures.page(1, of: pages, ids: ids)))
        return state
    }

    @Test func idleLoadingEmptyAndError() {
        #expect(ListRenderer.lines(.idle, width: 120) == ["Type a query to search xeno-canto, e.g. great tit, or sp:\"parus major\" cnt:france."])
        #expect(ListRenderer.lines(.loading(query, page: 1), width: 80) == ["Searching xeno-canto for en:\"great tit\"…"])
        let empty = ListRenderer.lines(.empty(query, page: 1), width: 200)
        #expect(empty.first == "No recordings match en:\"great tit\", nor sp:\"great tit\", nor en:great-tit.")
        #expect(empty.last?.hasPrefix("Try: check the spelling") == true)
        let tagged = ListRenderer.lines(.empty(SearchQuery("sp:\"parus maxi\" cnt:france q:A"), page: 1), width: 200)
        #expect(tagged == ["No recordings match sp:\"parus maxi\" cnt:france q:A.",
                           "Try: check the spelling; gen: or en: instead of sp:; fewer tags; a lower q:."], "what was typed, and advice for its tags")
        #expect(ListRenderer.lines(.empty(SearchQuery("turdus"), page: 1), width: 200)
                == ["No recordings match en:turdus, nor gen:turdus.", "Try: check the spelling."], "one word: not itself again as part of the name")
        let error = ListRenderer.lines(.error(ListError(query: query, page: 1, reason: .noKey)), width: 200)
        #expect(error.first?.hasPrefix("No API key: set XC_API_KEY or pass --key") == true)
    }

    @Test func pagingShowsTheTableAndWhereNextIs() {
        let lines = ListRenderer.lines(populated(), width: 120)
        #expect(lines.count == 5)
        #expect(lines[0].contains("XC") && lines[0].contains("English name") && lines[0].contains("Recordist"))
        #expect(lines[1].contains("XC1") && lines[1].contains("Great Tit") && lines[1].contains("Parus major") && lines[1].contains("0:21"))
        #expect(lines.last == "page 1 of 7 · 342 recordings · next: --page 2")
    }

    @Test func populatedSaysHowManyThereAre() {
        #expect(ListRenderer.lines(populated(1), width: 120).last == "page 1 of 1 · 342 recordings")
    }

    @Test func laterPageFetchStatesShowInTheFooter() {
        var state = populated()
        state.reduce(.nextPageRequested)
        #expect(ListRenderer.footer(state) == ["page 1 of 7 · 342 recordings · loading page 2…"])
        state.reduce(.pageFailed(query, page: 2, .server(status: 503, attempts: 3)))
        #expect(ListRenderer.footer(state) == ["page 1 of 7 · 342 recordings · page 2 failed: The API answered HTTP 503 (3 tries). Try again later."])
    }

    @Test func restrictedRecordingsAreMarkedNotPlayable() {
        var page = Fixtures.page(1, of: 1, ids: 1...2)
        page.recordings[1] = Fixtures.recording(2, playable: false)
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, page))
        let lines = ListRenderer.lines(state, width: 120)
        #expect(lines[1].hasPrefix(" "))
        #expect(lines[2].hasPrefix("⊘"))
        #expect(lines.last == "⊘ restricted species: listed without a file, not playable")
    }

    @Test func playbackStatesHaveTheirMarkers() {
        var row = Row(recording: Fixtures.recording(1))
        let cases: [(PlaybackState, String)] = [(.idle, " "), (.buffering(progress: nil), "…"),
            (.playing(.init(elapsed: 1, duration: 2)), "▶"), (.paused(.init(elapsed: 1, duration: 2)), "‖"), (.failed(.http(status: 404)), "✗")]
        for (playback, marker) in cases {
            row.playback = playback
            #expect(ListRenderer.marker(row) == marker)
        }
    }

    @Test(arguments: [20, 40, 60, 80, 100, 132, 200])
    func noLineIsWiderThanTheTerminal(width: Int) {
        var page = Fixtures.page(1, of: 2, ids: 1...5)
        page.recordings[0].englishName = "Rufous-bellied Thrush with an exceedingly long name for testing"
        page.recordings[1].recordist = "山田 太郎 (Yamada Tarō)"
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, page))
        for line in ListRenderer.lines(state, width: width) {
            #expect(TextWidth.of(line) <= width, "\(line)")
        }
    }

    @Test func longNamesAreCutWithAnEllipsis() {
        var page = Fixtures.page(1, of: 1, ids: 1...1)
        page.recordings[0].englishName = "Rufous-bellied Thrush with an exceedingly long name for testing"
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, page))
        let row = ListRenderer.lines(state, width: 80)[1]
        #expect(row.contains("Rufous") && row.contains("…"))
        #expect(row.contains("0:21"), "fixed columns survive")
    }

    @Test func withNoWidthNothingIsCutAndColumnsAlign() {
        var page = Fixtures.page(1, of: 1, ids: 1...3)
        page.recordings[0].englishName = "Rufous-bellied Thrush with an exceedingly long name for testing"
        page.recordings[1].recordist = "山田 太郎 (Yamada Tarō)"
        var state = ListState.loading(query, page: 1)
        state.reduce(.pageLoaded(query, page))
        let lines = ListRenderer.lines(state, width: nil)
        #expect(lines[1].contains("Rufous-bellied Thrush with an exceedingly long name for testing"))
        #expect(lines[2].contains("山田 太郎 (Yamada Tarō)"))
        #expect(!lines.contains { $0.contains("…") })
        let column = { (line: String, text: String) in line.firstRange(of: text).map { TextWidth.of(String(line[..<$0.lowerBound])) } }
        #expect(column(lines[0], "Recordist") != nil)
        #expect(column(lines[3], "Jane Doe") == column(lines[0], "Recordist"), "aligned: \(lines)")
    }

    @Test func widthCounting() {
        #expect(TextWidth.of("Tarō") == 4)
        #expect(TextWidth.of("山田") == 4)
        #expect(TextWidth.truncate("abcdef", to: 4) == "abc…")
        #expect(TextWidth.fit("ab", to: 4, alignRight: true) == "  ab")
    }
}
