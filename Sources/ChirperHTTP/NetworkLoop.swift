import Locking
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SystemAccess

/// The one event loop every connection of the process runs on, on a thread of its own. A play's start
/// makes the thread and hands it its first request (`start(first:)`), which the loop takes up as its
/// first work, with no other thread to wake on the way; anything else asking for the loop before then
/// gets NIO's own one-thread group (`NetworkThreads.useOne()`). Why: docs/performance.md.
public enum NetworkLoop {
    private enum State {
        case notMade, making, made(any EventLoop)

        var loop: (any EventLoop)? {
            if case .made(let loop) = self { return loop }
            return nil
        }
    }
    private static let state = Locked(State.notMade)
    /// True once the loop is made: what a thread that asks for it meanwhile waits for.
    private static let ready = ConditionLock(value: false)

    /// Makes the loop's thread and runs `first` on the loop before anything else; when the loop is made
    /// already (or no thread can be had), `first` is handed to the loop there is.
    public static func start(first: @escaping @Sendable () -> Void) {
        guard claim() else {
            loop.execute(first)
            return
        }
        let started = NewThread.start {
            MultiThreadedEventLoopGroup.withCurrentThreadAsEventLoop { loop in
                publish(loop)
                first()
            }
        }
        if !started {
            publish(MultiThreadedEventLoopGroup.singleton.next())
            loop.execute(first)
        }
    }

    /// The loop, once made; NIO's one-thread group's, made now, when nothing has begun one.
    public static var loop: any EventLoop {
        if let made = state.withLock({ $0.loop }) { return made }
        if claim() { publish(MultiThreadedEventLoopGroup.singleton.next()) }
        ready.lock(whenValue: true)
        ready.unlock()
        return state.withLock { $0.loop }!
    }

    /// Whether this caller is the one to make the loop (no one was).
    private static func claim() -> Bool {
        state.withLock { state in
            guard case .notMade = state else { return false }
            state = .making
            return true
        }
    }

    private static func publish(_ loop: any EventLoop) {
        state.withLock { $0 = .made(loop) }
        ready.lock()
        ready.unlock(withValue: true)
    }
}
