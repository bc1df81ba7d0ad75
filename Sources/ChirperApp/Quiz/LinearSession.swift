import ChirperCore
import Dispatch

/// The linear mode's session for the quiz: lines read from stdin with the terminal's own echo (the
/// terminal left as the shell keeps it, so a screen reader reads what is typed), SIGINT and SIGTERM
/// as on the full screen, and the quiz said as lines on stdout. The end of stdin quits (a script's
/// answers, piped).
enum LinearSession {
    static func run(_ body: (AsyncStream<ScreenInput>, AsyncStream<ScreenInput>.Continuation, inout LinearScreen) async -> ExitStatus) async -> ExitStatus {
        let (inputs, continuation) = AsyncStream<ScreenInput>.makeStream()
        InterruptHandler.install(exits: false) { continuation.yield(.terminate) }
        // A blocking read of its own: it ends with stdin, or with the process.
        DispatchQueue(label: "chirper.lines").async {
            while let line = readLine(strippingNewline: true) { continuation.yield(.line(line)) }
            continuation.yield(.inputEnded)
        }
        var screen = LinearScreen()
        screen.say([KeyLists.linearAnnouncement])
        return await body(inputs, continuation, &screen)
    }
}
