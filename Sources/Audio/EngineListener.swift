import Locking
import PlaybackModel

/// Where the engine's events go: queued in the order of the transitions that made them (the engine
/// queues while it holds its own lock) and told to the listener outside every lock of the engine's,
/// one thread at a time. A listener may then send the engine a command, or take as long as it likes,
/// without holding up or deadlocking the thread that made the event.
final class EngineListener: Sendable {
    private struct Mailbox {
        var listener: (@Sendable (Playing, PlaybackEvent) -> Void)?
        var queued: [(Playing, PlaybackEvent)] = []
        /// A thread is telling the listener; events queued meanwhile are left to it.
        var telling = false
        /// Who waits for every event queued to have been told.
        var waiting: [CheckedContinuation<Void, Never>] = []
        var isQuiet: Bool { !telling && queued.isEmpty }
    }
    private let mailbox = Locked(Mailbox())

    /// Who hears the events from now on (nil: nobody; what is queued is still told).
    func listen(_ listener: (@Sendable (Playing, PlaybackEvent) -> Void)?) {
        mailbox.withLock { $0.listener = listener }
    }

    /// Queues an event; `tell()` delivers it.
    func queue(_ track: Playing, _ event: PlaybackEvent) {
        mailbox.withLock { mailbox in
            guard mailbox.listener != nil else { return }
            mailbox.queued.append((track, event))
        }
    }

    /// Tells the listener what is queued, in order, unless another thread is telling it already (that
    /// one tells these too, before it stops). Call with no lock of the engine's held.
    func tell() {
        var batch = take(takingOver: true)
        while let (listener, events) = batch {
            for (track, event) in events { listener?(track, event) }
            batch = take(takingOver: false)
        }
    }

    /// Returns once every event queued has been told (the thread telling them has stopped).
    func quiet() async {
        await withCheckedContinuation { (told: CheckedContinuation<Void, Never>) in
            let now = mailbox.withLock { mailbox in
                if mailbox.isQuiet { return true }
                mailbox.waiting.append(told)
                return false
            }
            if now { told.resume() }
        }
    }

    private typealias Batch = ((@Sendable (Playing, PlaybackEvent) -> Void)?, [(Playing, PlaybackEvent)])

    /// The events to tell next. `takingOver`: a thread that is not telling yet gets none while another
    /// is; the telling thread, finding none left, stops telling.
    private func take(takingOver: Bool) -> Batch? {
        let (batch, waiting) = mailbox.withLock { mailbox -> (Batch?, [CheckedContinuation<Void, Never>]) in
            if takingOver, mailbox.telling { return (nil, []) }
            guard !mailbox.queued.isEmpty else {
                mailbox.telling = false
                defer { mailbox.waiting = [] }
                return (nil, mailbox.waiting)
            }
            mailbox.telling = true
            defer { mailbox.queued = [] }
            return ((mailbox.listener, mailbox.queued), [])
        }
        for waiter in waiting { waiter.resume() }
        return batch
    }
}
