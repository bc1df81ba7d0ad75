import Glibc
import Locking
import SystemAccess

/// Work begun on a thread of its own, made at once with pthread_create, and its result, awaited by
/// whoever needs it. At a play's start a task's or a dispatch queue's first work waits for the pool to
/// make its thread (docs/performance.md, "Time to first sound"), and the sound server's connection is
/// the longest path to the first sound. Work another thread already runs (the event loop's) gives its
/// result through `promised()`.
final class ThreadWork<Value: Sendable>: Sendable {
    private enum State {
        case running(waiting: [CheckedContinuation<Value, any Error>])
        case done(Result<Value, any Error>)
    }
    private let state = Locked(State.running(waiting: []))

    private init() {}

    /// Begins `work` on a new thread.
    static func begin(_ work: @escaping @Sendable () throws -> Value) -> ThreadWork {
        let begun = ThreadWork()
        NewThread.run { begun.finish(Result(catching: work)) }
        return begun
    }

    /// Work another thread does, and the function it gives the result to.
    static func promised() -> (work: ThreadWork, finish: @Sendable (Result<Value, any Error>) -> Void) {
        let work = ThreadWork()
        return (work, { work.finish($0) })
    }

    /// The work's result, once it is done.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<Value, any Error>? in
                    switch state {
                    case .done(let result):
                        return result
                    case .running(var waiting):
                        waiting.append(continuation)
                        state = .running(waiting: waiting)
                        return nil
                    }
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }

    private func finish(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            defer { state = .done(result) }
            if case .running(let waiting) = state { return waiting }
            return []
        }
        for continuation in waiting { continuation.resume(with: result) }
    }
}
