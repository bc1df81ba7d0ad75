import ChirperCore
import FoundationEssentials
import Glibc
import Synchronization

/// Puts the terminal back however the program ends or stops: the saved settings, and, if browse took
/// the screen, the main screen and the cursor; and takes it again when a suspended program is
/// continued. The normal paths call `restore()`; signals reach it through `TerminalSignals`' handlers,
/// so everything here is async-signal-safe: atomics, `write` of a static string, `tcgetattr` and
/// `tcsetattr` on storage allocated beforehand.
enum TerminalRestore {
    private static let leaveFullScreen = TerminalEscape.leaveFullScreen
    private static let reenterFullScreen = TerminalEscape.reenterFullScreen
    private static let haveSaved = Atomic<Bool>(false)
    private static let fullScreen = Atomic<Bool>(false)
    /// Written once, before `haveSaved` is stored with release ordering; read only after `haveSaved`
    /// is loaded as true with acquiring ordering. The atomic orders every read after the one write,
    /// so no read races it. On the heap, not a `termios` global: Swift 6.3 lays out a zero-initialised
    /// `termios` global in 57 bytes (no padding after `c_cc`) while the type is 60, so storing the settings
    /// wrote 3 bytes past it (AddressSanitizer, `make sanitize`).
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// The settings in force when the program was suspended (raw, in browse and play), put back when it
    /// is continued. Only the SIGTSTP handler uses it, and one runs at a time (SIGTSTP is sent to one
    /// process that then stops).
    nonisolated(unsafe) private static let suspended = UnsafeMutablePointer<termios>.allocate(capacity: 1)

    /// What a suspension gave back, for `takeBack` to take again.
    struct Given: Sendable {
        fileprivate var settings: Bool
        fileprivate var screen: Bool
    }

    /// Makes the statics now, on an ordinary thread: a signal handler must not be the first to touch one.
    static func prepare() {
        _ = haveSaved.load(ordering: .relaxed)
        _ = fullScreen.load(ordering: .relaxed)
        _ = saved
        _ = suspended
        _ = leaveFullScreen
        _ = reenterFullScreen
    }

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
        _ = giveBack(keepingCurrent: false)
    }

    /// Restores the terminal for a suspension, keeping what is to be taken back. Async-signal-safe.
    static func giveBackForSuspension() -> Given {
        giveBack(keepingCurrent: true)
    }

    /// After a suspension: the settings and the screen as they were before it. Async-signal-safe.
    static func takeBack(_ given: Given) {
        if given.settings { _ = tcsetattr(STDIN_FILENO, TCSANOW, suspended) }
        if given.screen {
            fullScreen.store(true, ordering: .sequentiallyConsistent)
            _ = write(STDOUT_FILENO, reenterFullScreen.utf8Start, reenterFullScreen.utf8CodeUnitCount)
        }
    }

    /// Takes the whole screen again after it was lent to another program (`TerminalInput.lend`).
    static func takeScreenAgain() {
        fullScreen.store(true, ordering: .sequentiallyConsistent)
        _ = write(STDOUT_FILENO, reenterFullScreen.utf8Start, reenterFullScreen.utf8CodeUnitCount)
    }

    private static func giveBack(keepingCurrent: Bool) -> Given {
        let screen = fullScreen.exchange(false, ordering: .sequentiallyConsistent)
        if screen {
            _ = write(STDOUT_FILENO, leaveFullScreen.utf8Start, leaveFullScreen.utf8CodeUnitCount)
        }
        let settings = haveSaved.load(ordering: .acquiring)
        if settings {
            if keepingCurrent { _ = tcgetattr(STDIN_FILENO, suspended) }
            _ = tcsetattr(STDIN_FILENO, TCSANOW, saved)
        }
        return Given(settings: settings, screen: screen)
    }
}
