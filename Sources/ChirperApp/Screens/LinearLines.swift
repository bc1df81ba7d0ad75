import Dispatch
import Glibc
import Locking

/// The linear mode's input: standard input read a line at a time, with the terminal left in its own
/// (cooked) mode so that it echoes what is typed, sent on as `ScreenInput.line`; its end as
/// `inputEnded`. It can be paused while another program has the terminal (nothing is read then, so
/// that program's keys stay its own).
final class LinearLines: Sendable {
    private let paused = Locked(false)

    func pause() { paused.withLock { $0 = true } }
    func resume() { paused.withLock { $0 = false } }

    /// Reads on a thread of its own until standard input ends (or the process does).
    func start(into continuation: AsyncStream<ScreenInput>.Continuation) {
        DispatchQueue(label: "chirper.lines").async { [self] in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, 100)
                if polled < 0 && errno != EINTR { break }
                // Checked after the wait: a key that came while paused is the other program's.
                guard polled > 0, !paused.withLock({ $0 }) else { continue }
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { break }
                pending += buffer[..<count]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(.line(String(decoding: pending[..<newline], as: UTF8.self)))
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { continuation.yield(.line(String(decoding: pending, as: UTF8.self))) }
            continuation.yield(.inputEnded)
        }
    }
}
