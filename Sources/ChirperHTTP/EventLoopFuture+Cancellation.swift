import NIOCore

extension EventLoopFuture where Value: Sendable {
    /// The value, or `CancellationError` as soon as the task is cancelled: a future's `get()` does not
    /// hear cancellation, and a connection being made or an answer's head being waited for would hold a
    /// stop (or `HTTPGet.within`'s deadline) for up to the connect or read timeout. `cancelled` runs on
    /// cancellation (to close what the future brings, now or when it comes).
    func valueUnlessCancelled(_ cancelled: @escaping @Sendable () -> Void) async throws -> Value {
        let answer = eventLoop.makePromise(of: Value.self)
        cascade(to: answer)  // a promise already failed by a cancellation ignores this
        return try await withTaskCancellationHandler {
            try await answer.futureResult.get()
        } onCancel: {
            answer.fail(CancellationError())
            cancelled()
        }
    }
}
