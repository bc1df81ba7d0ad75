import Locking

/// The changes a screen showed and asked the library to keep (a star, a play, a search), until the
/// library answers: what it refused, and what it had not answered when the screen ended, are said then,
/// so a change shown is kept or said not to be.
final class UnkeptChanges: Sendable {
    private struct State {
        var waiting: [String] = []
        var refused: [(change: String, why: String)] = []
    }
    private let state = Locked(State())

    func asked(_ change: String) { state.withLock { $0.waiting.append(change) } }

    func answered(_ change: String, problem: String?) {
        state.withLock { state in
            if let index = state.waiting.firstIndex(of: change) { state.waiting.remove(at: index) }
            if let problem { state.refused.append((change, problem)) }
        }
    }

    var allAnswered: Bool { state.withLock { $0.waiting.isEmpty } }

    /// A line for each change not kept, and why; none when every change was kept.
    var lines: [String] {
        state.withLock { state in
            state.refused.map { "chirper: \($0.change) was not kept: \($0.why.hasPrefix("✗ ") ? String($0.why.dropFirst(2)) : $0.why)" }
                + state.waiting.map { "chirper: \($0) was not kept: the library did not answer in time (is another program holding it?)" }
        }
    }
}
