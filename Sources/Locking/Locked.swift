import Glibc

/// A value that threads share behind a lock: what `Synchronization.Mutex` gives, on a pthread mutex.
/// Mutex waits with raw futex system calls, which ThreadSanitizer does not see, so under `make
/// sanitize` every value it guards looked raced; a pthread mutex is one ThreadSanitizer knows.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only in `withLock`, between the mutex's lock and
    // unlock, so no two threads touch it at once; the mutex itself lives at a fixed address of its own.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held. `body` must not take this lock again.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
