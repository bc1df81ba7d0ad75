@testable import Audio
import Dispatch
import Locking
import PlaybackModel
import Testing

/// The engine's events are told outside its locks, one thread at a time; `quiet()` is how a play knows
/// the last of them has been told before it returns.
@Suite("the engine's listener")
struct EngineListenerTests {
    static let track = Playing(index: 0, id: "1")

    @Test func quietWaitsForTheThreadTellingToFinish() async {
        let listener = EngineListener()
        let told = Locked<[PlaybackEvent]>([])
        let release = DispatchSemaphore(value: 0)
        listener.listen { _, event in
            if event == .paused { release.wait() }  // a slow listener: held until the test lets it go
            told.withLock { $0.append(event) }
        }
        await listener.quiet()  // nothing queued: at once
        listener.queue(Self.track, .paused)
        listener.queue(Self.track, .resumed)
        // Told from a thread of its own: the test's tasks go on while it is held.
        DispatchQueue.global().async { listener.tell() }
        let quiet = Task { await listener.quiet() ; return told.withLock { $0 } }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(told.withLock { $0 }.isEmpty, "still telling the first")
        release.signal()
        #expect(await quiet.value == [.paused, .resumed], "quiet only once both were told")
    }

    @Test func eventsQueuedWithNobodyListeningAreNotKept() async {
        let listener = EngineListener()
        listener.queue(Self.track, .paused)
        let told = Locked(0)
        listener.listen { _, _ in told.withLock { $0 += 1 } }
        listener.tell()
        await listener.quiet()
        #expect(told.withLock { $0 } == 0)
    }
}
