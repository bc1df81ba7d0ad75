import Foundation

/// Raw keyboard input on a TTY: no echo, no line buffering, Ctrl-C as a key. The saved settings are
/// put back by `restore()`, which the signal handlers and every exit path call.
final class TerminalInput: Sendable {
    enum Key: Sendable, Equatable {
        case space, quit, interrupt, character(Character)
    }

    private let saved: termios?

    /// Takes over stdin if it is a TTY; otherwise does nothing.
    init() {
        guard Terminal.isTTY(STDIN_FILENO) else {
            saved = nil
            return
        }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        saved = original
    }

    var isInteractive: Bool { saved != nil }

    func restore() {
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// Keys as they are pressed, read on a thread of their own (a blocking read is no task's business).
    func keys() -> AsyncStream<Key> {
        AsyncStream { continuation in
            guard isInteractive else {
                continuation.finish()
                return
            }
            let thread = Thread {
                var byte: UInt8 = 0
                while read(STDIN_FILENO, &byte, 1) == 1 {
                    switch byte {
                    case 0x20: continuation.yield(.space)
                    case 0x03: continuation.yield(.interrupt)
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): continuation.yield(.quit)
                    default: continuation.yield(.character(Character(UnicodeScalar(byte))))
                    }
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}

/// SIGINT and SIGTERM: restore the terminal, run a last action, exit 130.
enum InterruptHandler {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []  // written once, on the main thread, before any signal can arrive

    static func install(_ onInterrupt: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                onInterrupt()
                exit(ExitStatus.interrupted.rawValue)
            }
            source.resume()
            sources.append(source)
        }
    }
}
