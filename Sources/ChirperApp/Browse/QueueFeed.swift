import Audio
import ChirperCore
import XenoCanto

/// The rows a browse queue plays, as they load: the queue asks for track N and waits while the listing
/// has not got that far and more pages are coming.
actor QueueFeed {
    private let firstRow: Int
    private let requestMore: @Sendable () -> Void
    private var recordings: [Recording] = []
    private var complete = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(firstRow: Int, rows: [Row], complete: Bool, requestMore: @escaping @Sendable () -> Void) {
        self.firstRow = firstRow
        self.requestMore = requestMore
        recordings = QueueFeed.playable(rows, from: firstRow)
        self.complete = complete
    }

    private static func playable(_ rows: [Row], from firstRow: Int) -> [Recording] {
        rows.dropFirst(firstRow).map(\.recording).filter(\.isPlayable)
    }

    /// The playable rows from the first row on; `complete` when no page is still to come.
    func update(rows: [Row], complete: Bool) {
        let updated = QueueFeed.playable(rows, from: firstRow)
        // Wake the waiting only for news: a waiter that wakes asks for another page.
        guard updated.count != recordings.count || complete != self.complete else { return }
        recordings = updated
        self.complete = complete
        wake()
    }

    /// No more tracks: the queue was stopped.
    func finish() {
        complete = true
        recordings = []
        wake()
    }

    func track(_ index: Int) async -> PlaybackEngine.Track? {
        while index >= recordings.count {
            if complete { return nil }
            requestMore()
            await withCheckedContinuation { waiting.append($0) }
        }
        let recording = recordings[index]
        return recording.audioSource.map { PlaybackEngine.Track(id: recording.id, source: $0, duration: recording.duration) }
    }

    private func wake() {
        let woken = waiting
        waiting = []
        for continuation in woken { continuation.resume() }
    }
}
