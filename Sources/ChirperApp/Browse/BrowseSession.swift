import Audio
import ChirperCore
import Dispatch
import DisplayText
import FoundationEssentials
import Glibc
import PlaybackModel
import XenoCanto

/// `browse` on the terminal (`FullScreenSession`) running its `BrowseLoop`.
struct BrowseSession {
    let client: any SearchClient
    let perPage: Int
    let playerOptions: PlaybackEngine.Options
    /// Whether new searches are remembered (not over a pack or a list).
    var remembersSearches = true

    /// Runs until q, Ctrl-C or SIGTERM; the terminal is as it was when this returns.
    func run(query: SearchQuery?, page: Int, raw: Bool) async -> ExitStatus {
        let loop = BrowseLoop(client: client, perPage: perPage, playerOptions: playerOptions, library: LibraryForBrowse(),
                              remembersSearches: remembersSearches, terminalSize: { Terminal.size })
        let status = Terminal.isLinear
            ? await LinearSession.run({ _ in LinearBrowseScreen() }) { inputs, continuation, screen in
                await loop.run(query: query, page: page, raw: raw, inputs: inputs, continuation: continuation, screen: &screen)
            }
            : await FullScreenSession.run { inputs, continuation, screen in
                await loop.run(query: query, page: page, raw: raw, inputs: inputs, continuation: continuation, screen: &screen)
            }
        // The screen is gone: what it showed and the library did not keep is said where it stays.
        let unkept = loop.libraryWrites.unkept
        for line in unkept { StandardError.write(Displayable.line(line)) }
        return unkept.isEmpty || status != .found ? status : .library
    }
}

/// A full-screen session on the terminal: raw keys, a clock tick, SIGWINCH, SIGTERM and a return from
/// suspension become `ScreenInput`s for the session's loop, which draws on the alternate screen; the
/// terminal is given back however it ends or stops (`TerminalSignals`). Browse and the quiz run in it.
enum FullScreenSession {
    static func run(_ body: (AsyncStream<ScreenInput>, AsyncStream<ScreenInput>.Continuation, inout FullScreen) async -> ExitStatus) async -> ExitStatus {
        let (inputs, continuation) = AsyncStream<ScreenInput>.makeStream()
        let input = TerminalInput()
        TerminalSignals.install()
        InterruptHandler.install(exits: false) {
            continuation.yield(.terminate)
            // The loop leaves at once in practice; should it not, the terminal is still given back.
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
                TerminalRestore.restore()
                exit(ExitStatus.interrupted.rawValue)
            }
        }
        signal(SIGWINCH, SIG_IGN)
        let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        resizes.setEventHandler { continuation.yield(.resize) }
        resizes.resume()
        // After a suspension (Ctrl-Z, then fg) the handler has taken the screen back: repaint it.
        let continued = TerminalSignals.continued.map { pipe in
            let source = DispatchSource.makeReadSource(fileDescriptor: pipe, queue: .global())
            source.setEventHandler {
                var bytes = [UInt8](repeating: 0, count: 16)
                _ = read(pipe, &bytes, bytes.count)
                continuation.yield(.continued)
            }
            source.resume()
            return source
        }
        let keys = Task {
            for await keys in input.keys() { continuation.yield(.keys(keys)) }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield(.tick)
            }
        }

        var screen = FullScreen(input: input)
        let status = await body(inputs, continuation, &screen)
        input.restore()
        ticker.cancel()
        keys.cancel()
        resizes.cancel()
        continued?.cancel()
        screen.leave()
        return status
    }
}
