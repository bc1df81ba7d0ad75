import FoundationEssentials
import Glibc
import Synchronization

/// The signals that would leave the terminal raw, or on browse's alternate screen with the cursor
/// hidden, and what Chirper does with each, as less and vim do:
/// - SIGHUP, SIGQUIT and the crash signals (a trap, an abort, a bad access): the terminal is restored,
///   then the signal goes on as it would have (the handler that was there before, Swift's backtracer,
///   or the default action: the exit status still says which signal ended the program).
/// - SIGTSTP (Ctrl-Z, which raw mode reads as a key and `TerminalInput` raises): the terminal is
///   restored and the process stops; on SIGCONT (`fg`) the handler takes the terminal back and writes
///   a byte to `continued`, for browse to repaint the screen.
/// SIGINT and SIGTERM are `InterruptHandler`'s: they end the program through its normal path.
/// The handlers do only async-signal-safe work (`TerminalRestore`, `sigaction`, `raise`, `write`).
enum TerminalSignals {
    private static let fatal = [SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    private static let installed = Atomic<Bool>(false)
    /// The handlers that were there before ours, by signal number. Allocated and filled once, before
    /// any of our handlers is installed; the handlers only read it.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    /// A pipe: the SIGTSTP handler writes a byte once the terminal is taken back after a suspension.
    /// Non-blocking at the writing end, so a handler never waits on a reader that went away.
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// Installs the handlers, once per process (further calls do nothing). Call before the terminal is
    /// changed, on an ordinary thread.
    static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        TerminalRestore.prepare()
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            pipeEnds = (ends[0], ends[1])
        }
        for signalNumber in fatal {
            // A signal ignored by whoever started us (`nohup` ignores SIGHUP) stays ignored.
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }  // SIG_IGN is 1
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                TerminalRestore.restore()
                sigaction(signalNumber, TerminalSignals.previous + Int(signalNumber), nil)
                raise(signalNumber)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, previous + Int(signalNumber))
        }
        let suspension = ourSuspension()
        sigaction(SIGTSTP, suspension, nil)  // the kernel keeps its own copy
        suspension.deallocate()
    }

    /// The reading end of the pipe that says the program was continued and the screen is to be
    /// repainted; nil when the pipe could not be made (the screen is then repainted at the next change).
    static var continued: Int32? { pipeEnds.read >= 0 ? pipeEnds.read : nil }

    /// Suspends the program as Ctrl-Z would with the terminal's own handling, through the handler.
    /// Sent to the process, not raised in the calling thread: Dispatch's threads block signals.
    static func suspend() {
        _ = kill(getpid(), SIGTSTP)
    }

    /// The SIGTSTP action. Once the terminal is restored, SIGTSTP with the default action goes to the
    /// whole process group, as the terminal's Ctrl-Z does: a script that started Chirper stops with it,
    /// so its shell sees the job stopped, and only then, so `fg`'s SIGCONT cannot come before our stop
    /// (a SIGCONT cancels a stop still pending; a stop that came after it would never be continued).
    /// SA_NODEFER: the signal to ourselves is delivered at once, in the handler, and stops the process
    /// there. SA_RESTART: a key read that the signal interrupts goes on.
    private static func ourSuspension() -> UnsafeMutablePointer<sigaction> {
        let action = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        action.initialize(to: sigaction())
        action.pointee.__sigaction_handler.sa_handler = { _ in
            let savedErrno = errno
            // A SIGTSTP sent to the whole group from outside may have stopped the rest of it first (a
            // script that started Chirper) and its shell taken the terminal: restoring the terminal
            // then must not stop us by SIGTTOU halfway.
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&ignore.sa_mask)
            var ttou = sigaction()
            sigaction(SIGTTOU, &ignore, &ttou)
            let given = TerminalRestore.giveBackForSuspension()
            sigaction(SIGTTOU, &ttou, nil)
            var stop = sigaction()
            stop.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&stop.sa_mask)
            var ours = sigaction()
            sigaction(SIGTSTP, &stop, &ours)
            kill(0, SIGTSTP)  // stopped here until SIGCONT
            sigaction(SIGTSTP, &ours, nil)
            // Continued in the background (bg), taking the terminal stops us by SIGTTOU until fg.
            TerminalRestore.takeBack(given)
            var byte: UInt8 = 1
            _ = write(TerminalSignals.pipeEnds.write, &byte, 1)
            errno = savedErrno
        }
        sigemptyset(&action.pointee.sa_mask)
        action.pointee.sa_flags = SA_NODEFER | SA_RESTART
        return action
    }
}
