import ChirperCore
import Dispatch

/// The linear mode's session for browse and the quiz: lines read from stdin with the terminal's own
/// echo (the terminal left as the shell keeps it, so a screen reader reads what is typed), SIGINT and
/// SIGTERM as on the full screen, a clock tick, and the screen said as lines on stdout. The end of
/// stdin quits (a script's commands, piped).
enum LinearSession {
    /// `screen`: made with the line reader, which it may pause.
    static func run<Screen>(_ screen: (LinearLines) -> Screen,
                            _ body: (AsyncStream<ScreenInput>, AsyncStream<ScreenInput>.Continuation, inout Screen) async -> ExitStatus) async -> ExitStatus {
        let (inputs, continuation) = AsyncStream<ScreenInput>.makeStream()
        InterruptHandler.install(exits: false) { continuation.yield(.terminate) }
        let lines = LinearLines()
        lines.start(into: continuation)
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield(.tick)
            }
        }
        defer { ticker.cancel() }
        StandardOutput.raw(KeyLists.linearAnnouncement + "\n")
        var screen = screen(lines)
        return await body(inputs, continuation, &screen)
    }
}
