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

    /// Whether every event queued has been told.
    var isQuiet: Bool { mailbox.withLock { !$0.telling && $0.queued.isEmpty } }

    private typealias Batch = ((@Sendable (Playing, PlaybackEvent) -> Void)?, [(Playing, PlaybackEvent)])

    /// The events to tell next. `takingOver`: a thread that is not telling yet gets none while another
    /// is; the telling thread, finding none left, stops telling.
    private func take(takingOver: Bool) -> Batch? {
        mailbox.withLock { mailbox in
            if takingOver, mailbox.telling { return nil }
            guard !mailbox.queued.isEmpty else {
                mailbox.telling = false
                return nil
            }
            mailbox.telling = true
            defer { mailbox.queued = [] }
            return (mailbox.listener, mailbox.queued)
        }
    }
}
