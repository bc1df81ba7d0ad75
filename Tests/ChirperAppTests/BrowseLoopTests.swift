import Audio
@testable import ChirperApp
import ChirperCore
import Locking
import Testing
import XenoCanto

/// browse's event loop in process: keys, pages from an in-memory API, resizes and SIGTERM go in as
/// inputs, and every frame drawn is recorded. Milliseconds each; the terminal itself (raw mode,
/// restore, the real binary) stays with the tmux tests.
@Suite("browse's loop, in process")
struct BrowseLoopTests {
    /// The frames drawn, as text, for the test to wait on.
    final class RecordedScreen: BrowseScreen, Sendable {
        private let frames = Locked<[[String]]>([])
        private let repaints = Locked(0)

        func draw(_ model: BrowseModel) {
            let lines = BrowseRenderer.frame(model).map(\.text)
            frames.withLock { $0.append(lines) }
        }

        func invalidate() { repaints.withLock { $0 += 1 } }

        var last: [String] { frames.withLock { $0.last ?? [] } }
        var repaintCount: Int { repaints.withLock { $0 } }
    }

    /// The terminal's size, as the test sets it.
    final class SizeBox: Sendable {
        private let size: Locked<(width: Int, height: Int)>
        init(_ size: (width: Int, height: Int)) { self.size = Locked(size) }
        var value: (width: Int, height: Int) {
            get { size.withLock { $0 } }
            set { size.withLock { $0 = newValue } }
        }
    }

    /// A running loop and its inputs.
    struct Running {
        let screen = RecordedScreen()
        let inputs: AsyncStream<ScreenInput>.Continuation
        let status: Task<ChirperApp.ExitStatus, Never>
        let size: SizeBox
        let libraryWrites: LibraryWrites

        init(client: InMemorySearchClient, query: String = "great tit", width: Int = 100, height: Int = 20,
             library: (any BrowseLibrary)? = nil, libraryWait: Duration = .seconds(12)) {
            let (stream, continuation) = AsyncStream<ScreenInput>.makeStream()
            let size = SizeBox((width: width, height: height))
            self.size = size
            inputs = continuation
            let loop = BrowseLoop(client: client, perPage: 50, playerOptions: PlaybackEngine.Options(), library: library,
                                  libraryWait: libraryWait, terminalSize: { [size] in size.value })
            libraryWrites = loop.libraryWrites
            let screen = screen
            status = Task {
                var drawn = screen
                return await loop.run(query: SearchQuery(query), page: 1, raw: false, inputs: stream, continuation: continuation,
                                      screen: &drawn)
            }
        }

        func press(_ keys: TerminalKey...) { inputs.yield(.keys(keys)) }

        /// Waits (up to 5 s) until the last frame has a line containing `text`.
        func waitFor(_ text: String) async -> Bool {
            for _ in 0..<5_000 {
                if screen.last.contains(where: { $0.contains(text) }) { return true }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return false
        }
    }

    @Test func theFirstPageIsListedTheNextAskedForAheadAndTheEndAsksForTheLast() async {
        let client = InMemorySearchClient(recordings: 120, perPage: 50)
        let browse = Running(client: client)
        #expect(await browse.waitFor("XC1 "))
        #expect(await browse.waitFor("pages 1–2 of 3"), "the second page came before any key: \(browse.screen.last)")
        #expect(client.pagesAsked == [1, 2])
        browse.press(.end)
        #expect(await browse.waitFor("120 rows"), "the last page came: \(browse.screen.last)")
        #expect(client.pagesAsked == [1, 2, 3])
        browse.press(.character("q"))
        #expect(await browse.status.value == .found)
    }

    @Test func aPageThatFailsSaysSoKeepsTheRowsAndRetriesOnR() async {
        let client = InMemorySearchClient(recordings: 120, perPage: 50, failing: [2: .server(status: 503, attempts: 3)])
        let browse = Running(client: client)
        #expect(await browse.waitFor("XC1 "))
        browse.press(.end)
        #expect(await browse.waitFor("503"), "the failure is on screen: \(browse.screen.last)")
        // The failure may be drawn before End is: page 2 is asked for as page 1 comes.
        #expect(await browse.waitFor("XC50"), "the rows that came stay: \(browse.screen.last)")
        browse.press(.character("r"))
        for _ in 0..<5_000 where client.pagesAsked.count < 3 { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(client.pagesAsked == [1, 2, 2])
        browse.press(.character("q"))
        #expect(await browse.status.value == .found)
    }

    @Test func aResizeRepaintsTheWholeFrameAtTheNewSize() async {
        let browse = Running(client: InMemorySearchClient(recordings: 60, perPage: 50), width: 100, height: 20)
        #expect(await browse.waitFor("XC1 "))
        #expect(browse.screen.last.count == 20)
        browse.size.value = (width: 60, height: 12)
        browse.inputs.yield(.resize)
        for _ in 0..<5_000 where browse.screen.last.count != 12 { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(browse.screen.last.count == 12, "the frame has the new height")
        #expect(browse.screen.repaintCount == 1, "the next draw repaints everything")
        browse.press(.character("q"))
        _ = await browse.status.value
    }

    @Test func sigtermAndCtrlCEndItAsInterrupted() async {
        let terminated = Running(client: InMemorySearchClient(recordings: 10, perPage: 50))
        #expect(await terminated.waitFor("XC1 "))
        terminated.inputs.yield(.terminate)
        #expect(await terminated.status.value == .interrupted)

        let interrupted = Running(client: InMemorySearchClient(recordings: 10, perPage: 50))
        #expect(await interrupted.waitFor("XC1 "))
        interrupted.press(.control("c"))
        #expect(await interrupted.status.value == .interrupted)
    }

    /// A library whose first write takes a while: what it was told, in the order it kept it.
    final class SlowLibrary: BrowseLibrary {
        private let kept = Locked<[String]>([])
        private let writes = Locked(0)
        var told: [String] { kept.withLock { $0 } }

        func starred() async -> Set<String>? { [] }
        func star(_ recording: Recording, list: String, on: Bool) async -> String? {
            await keep((on ? "star " : "unstar ") + recording.id)
            return nil
        }
        func remember(play recording: Recording) async -> String? {
            await keep("play " + recording.id)
            return nil
        }
        func remember(search query: String) async -> String? {
            await keep("search " + query)
            return nil
        }
        func pastSearches() async -> [String] { [] }

        private func keep(_ line: String) async {
            let first = writes.withLock { count in
                count += 1
                return count == 1
            }
            if first { try? await Task.sleep(for: .milliseconds(300)) }
            kept.withLock { $0.append(line) }
        }
    }

    @Test func whatTheLibraryIsToldIsKeptInOrderBeforeTheLoopEnds() async {
        let library = SlowLibrary()
        let browse = Running(client: InMemorySearchClient(recordings: 10, perPage: 50), library: library)
        #expect(await browse.waitFor("XC1 "))
        browse.press(.character("f"), .character("f"), .character("f"), .character("q"))
        #expect(await browse.status.value == .found)
        // The search's write is slow; the stars asked after it wait for it, and q waits for them all.
        #expect(library.told == ["search en:\"great tit\"", "star 1", "unstar 1", "star 1"], "\(library.told)")
    }

    /// A library that refuses one star and never answers the next.
    final class BusyLibrary: BrowseLibrary {
        private let stars = Locked(0)
        func starred() async -> Set<String>? { [] }
        func star(_ recording: Recording, list: String, on: Bool) async -> String? {
            if stars.withLock({ count in count += 1; return count }) == 1 { return "✗ not starred: the library is busy" }
            try? await Task.sleep(for: .seconds(3600))  // never, as far as the test goes: its time limit ends it first
            return nil
        }
        func remember(play recording: Recording) async -> String? { nil }
        func remember(search query: String) async -> String? { nil }
        func pastSearches() async -> [String] { [] }
    }

    /// A library that never answers does not hold browse: were the loop to wait for it, the test would
    /// meet its time limit.
    @Test(.timeLimit(.minutes(1))) func aStarTheLibraryRefusesOrNeverAnswersIsSaidNotKept() async {
        let browse = Running(client: InMemorySearchClient(recordings: 10, perPage: 50), library: BusyLibrary(), libraryWait: .milliseconds(500))
        #expect(await browse.waitFor("XC1 "))
        browse.press(.character("f"))
        #expect(await browse.waitFor("the library is busy"), "the refusal is shown: \(browse.screen.last)")
        browse.press(.down, .character("f"), .character("q"))
        #expect(await browse.status.value == .found)
        let lines = browse.libraryWrites.unkept
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first == "chirper: the star of XC1 on starred was not kept: not starred: the library is busy", "\(lines)")
        #expect(lines.last?.hasPrefix("chirper: the star of XC2 on starred was not kept: the library did not answer in time") == true, "\(lines)")
    }
}
