import Dispatch
import ChirperCore
import FoundationEssentials
import Glibc

/// Raw keyboard input on a TTY: no echo, no line buffering, Ctrl-C as a key. The saved settings are
/// put back by `restore()`, which the signal handlers (`TerminalSignals`) and every exit path call.
/// Ctrl-Z, a key too in raw mode, suspends the program as the terminal would have.
final class TerminalInput: Sendable {
    private let saved: termios?
    /// Tells the key reader to stop reading (`p`) while another program has the terminal, to go on
    /// (`r`), or to end (`s`): the reader waits on it beside stdin, so a paused or ended reader takes
    /// none of the keys.
    private let pauses: (read: Int32, write: Int32)

    /// Takes over stdin if it is a TTY; otherwise does nothing.
    init() {
        guard Terminal.isTTY(STDIN_FILENO) else {
            saved = nil
            pauses = (-1, -1)
            return
        }
        var ends: [Int32] = [-1, -1]
        pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        pauses = (ends[0], ends[1])
        TerminalSignals.install()
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        saved = original
        TerminalRestore.remember(original)
    }

    var isInteractive: Bool { saved != nil }

    /// The last restore: the key reader ends first, so keys typed for the shell while the program
    /// exits stay in the terminal for the shell, and the settings are put back.
    func restore() {
        guard var saved else { return }
        _ = write(pauses.write, "s", 1)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// Runs `body` while another program may have the terminal: the key reader stops reading, the
    /// terminal's settings and screen are given back, then taken again. The raw settings are kept here,
    /// not in the slot a suspension uses: a Ctrl-Z in the other program stops this one too, and must not
    /// change what is taken back.
    func lend<T>(_ body: () async -> T) async -> T {
        guard isInteractive else { return await body() }
        _ = write(pauses.write, "p", 1)
        var raw = termios()
        tcgetattr(STDIN_FILENO, &raw)
        TerminalRestore.restore()
        let result = await body()
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        TerminalRestore.takeScreenAgain()
        _ = write(pauses.write, "r", 1)
        return result
    }

    /// Hands each key to `handle` until cancelled, except Ctrl-C: the terminal is restored at once and
    /// `interrupt` runs. No exit() from here: the caller stops its player, the command returns through
    /// its normal path and exits 130.
    func handleKeys(interrupt: @escaping @Sendable () -> Void,
                    _ handle: @escaping @Sendable (TerminalKey) async -> Void) -> Task<Void, Never> {
        Task {
            for await keys in self.keys() {
                for key in keys {
                    if key == .control("c") {
                        restore()
                        interrupt()
                    } else {
                        await handle(key)
                    }
                }
            }
        }
    }

    /// Whether another process group holds the terminal; false once it is gone (a hang-up).
    private static var inBackground: Bool {
        let foreground = tcgetpgrp(STDIN_FILENO)
        return foreground > 0 && foreground != getpgrp()
    }

    /// Keys as they are pressed, read on a thread of their own (a blocking read is no task's business).
    /// One read returns what the terminal sent in one go: a key, or a whole escape sequence.
    func keys() -> AsyncStream<[TerminalKey]> {
        AsyncStream { continuation in
            guard isInteractive else {
                continuation.finish()
                return
            }
            DispatchQueue(label: "chirper.keys").async {
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    guard self.waitForKeys() else { break }
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count < 0 && errno == EIO && Self.inBackground {
                        // Read while the shell holds the terminal (a Ctrl-Z under way, before the stop
                        // reaches this thread, or a job put in the background): this thread blocks
                        // SIGTTIN, so the read fails instead of stopping us. The keys come back at fg.
                        usleep(50_000)
                        continue
                    }
                    guard count > 0 else { break }
                    var keys = KeyDecoder.keys(buffer[..<count])
                    if keys.contains(.control("z")) {
                        keys.removeAll { $0 == .control("z") }
                        TerminalSignals.suspend()  // returns once continued, the terminal taken back
                    }
                    if !keys.isEmpty { continuation.yield(keys) }
                }
                continuation.finish()
            }
        }
    }

    /// Blocks until stdin has something to read and the reader is not paused; false once told to end,
    /// or if the pause pipe fails.
    private func waitForKeys() -> Bool {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: pauses.read, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            guard fds[1].revents != 0 else { return true }
            var byte: UInt8 = 0
            guard read(pauses.read, &byte, 1) == 1, byte != UInt8(ascii: "s") else { return false }
            // Paused: nothing but the pipe is read until it says go on (or end).
            while byte != UInt8(ascii: "r") {
                let count = read(pauses.read, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1, byte != UInt8(ascii: "s") else { return false }
            }
        }
    }
}

/// SIGINT and SIGTERM: run a last action, then exit 130 unless the action ends the program itself.
enum InterruptHandler {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []  // written once, on the main thread, before any signal can arrive

    /// `exits`: exit 130 right after the action (play); without it the action must lead to an exit
    /// (browse sends it to its event loop, which leaves through the normal path).
    static func install(exits: Bool = true, _ onInterrupt: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                onInterrupt()
                if exits { exit(ExitStatus.interrupted.rawValue) }
            }
            source.resume()
            sources.append(source)
        }
    }
}
