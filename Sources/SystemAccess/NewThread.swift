import Glibc

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
