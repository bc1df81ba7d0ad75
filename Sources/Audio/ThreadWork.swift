import Glibc
import Locking

/// Work begun on a thread of its own, made at once with pthread_create, and its result, awaited by
/// whoever needs it. At a play's start a task's or a dispatch queue's first work waited 1-3 ms for the
/// pool to make its thread (by trace marks), and the sound server's connection is the longest path to
/// the first sound.
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

/// A thread made now for `body` (outside generic code: a C function pointer cannot be formed there).
public enum NewThread {
    /// Runs `body` on a new thread, or here when no thread can be had.
    public static func run(_ body: @escaping @Sendable () -> Void) {
        if !start(body) { body() }
    }

    /// Runs `body` on a new thread; false (and `body` never run) when no thread can be had.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { box in
            Unmanaged<Box>.fromOpaque(box!).takeRetainedValue().body()
            return nil
        }, box)
        guard made == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The closure, as pthread_create's one pointer.
    private final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
