import Dispatch

/// Runs blocking work (PulseAudio's waits) on a thread outside the Swift concurrency pool.
enum Blocking {
    static let queue = DispatchQueue(label: "chirper.blocking", qos: .userInitiated, attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
