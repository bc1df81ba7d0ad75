import Locking

/// What a screen tells the library (a star, a play, a search): one write after another, in the order
/// asked (f f stars, then unstars), each saying what it keeps. What the library refused, and what it had
/// not answered when the screen ended, are said then: a change shown is kept or said not to be.
final class LibraryWrites: Sendable {
    private struct State {
        var last: Task<Void, Never>?
        var waiting: [String] = []
        var refused: [(change: String, why: String)] = []
    }
    private let state = Locked(State())

    /// `change`: what the write keeps, as the listener would name it; `work` answers why it was not
    /// kept, or nil once the library has kept it.
    func write(_ change: String, _ work: @escaping @Sendable () async -> String?) {
        state.withLock { state in
            let before = state.last
            state.waiting.append(change)
            state.last = Task { [self] in
                await before?.value
                let problem = await work()
                answered(change, problem: problem)
            }
        }
    }

    private func answered(_ change: String, problem: String?) {
        state.withLock { state in
            if let index = state.waiting.firstIndex(of: change) { state.waiting.remove(at: index) }
            if let problem { state.refused.append((change, problem)) }
        }
    }

    var allAnswered: Bool { state.withLock { $0.waiting.isEmpty } }

    /// Waits for every write asked, `atMost`: a library that has stalled does not keep a screen from
    /// ending (q, Ctrl-C and SIGTERM alike); what it did not answer is among `unkept`.
    func waitForAll(atMost: Duration) async {
        guard let writes = state.withLock({ $0.last }) else { return }
        let (ended, end) = AsyncStream<Void>.makeStream()
        Task {
            await writes.value
            end.yield()
        }
        Task {
            try? await Task.sleep(for: atMost)
            end.yield()
        }
        for await _ in ended { break }
    }

    /// A line for each change not kept, and why; none when every change was kept.
    var unkept: [String] {
        state.withLock { state in
            state.refused.map { "chirper: \($0.change) was not kept: \($0.why.hasPrefix("✗ ") ? String($0.why.dropFirst(2)) : $0.why)" }
                + state.waiting.map { "chirper: \($0) was not kept: the library did not answer in time (is another program holding it?)" }
        }
    }
}
