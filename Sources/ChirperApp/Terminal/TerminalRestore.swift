import ChirperCore
import FoundationEssentials
import Glibc
import Synchronization

/// Puts the terminal back however the program ends: the saved settings, and, if browse took the
/// screen, the main screen and the cursor. The normal paths call `restore()`; a crash (a trap, an
/// abort, a bad access) reaches it through signal handlers, which may only call async-signal-safe
/// functions: `tcsetattr` and `write` of a static string are.
enum TerminalRestore {
    private static let leaveFullScreen = TerminalEscape.leaveFullScreen
    private static let haveSaved = Atomic<Bool>(false)
    private static let fullScreen = Atomic<Bool>(false)
    /// Written once, before `haveSaved` is stored with release ordering; read only after `haveSaved`
    /// is loaded as true with acquiring ordering. The atomic orders every read after the one write,
    /// so no read races it. On the heap, not a `termios` global: Swift 6.3 lays out a zero-initialised
    /// `termios` global in 57 bytes (no padding after `c_cc`) while the type is 60, so storing the settings
    /// wrote 3 bytes past it (AddressSanitizer, `make sanitize`).
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)

    /// Keeps the terminal's settings from before raw mode (the first call wins).
    static func remember(_ settings: termios) {
        guard !haveSaved.load(ordering: .acquiring) else { return }
        saved.pointee = settings
        haveSaved.store(true, ordering: .releasing)
    }

    /// Browse took (true) or gave back (false) the whole screen.
    static func setFullScreen(_ on: Bool) {
        fullScreen.store(on, ordering: .sequentiallyConsistent)
    }

    /// Async-signal-safe: only atomics, `write` and `tcsetattr`.
    static func restore() {
        if fullScreen.exchange(false, ordering: .sequentiallyConsistent) {
            _ = write(STDOUT_FILENO, leaveFullScreen.utf8Start, leaveFullScreen.utf8CodeUnitCount)
        }
        if haveSaved.load(ordering: .acquiring) {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, saved)
        }
    }

    /// The handlers that were there before ours (Swift's backtracer): a crash still reaches them.
    /// Allocated and filled once, on the main thread, before any of our handlers is installed; the
    /// handlers only read it.
    nonisolated(unsafe) private static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// On a crash signal: restore, put the previous handler back, and send the signal again, so the
    /// crash goes on as it would have (backtrace, core, exit status).
    static func installCrashHandlers() {
        _ = haveSaved.load(ordering: .relaxed)  // the statics are made now, not in the handler
        _ = fullScreen.load(ordering: .relaxed)
        _ = saved
        _ = leaveFullScreen
        for signalNumber in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                TerminalRestore.restore()
                sigaction(signalNumber, TerminalRestore.previous + Int(signalNumber), nil)
                raise(signalNumber)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, previous + Int(signalNumber))
        }
    }
}
