import Glibc
import Locking
import SystemAccess

/// A player offered to the desktop on the session bus as MPRIS describes (org.mpris.MediaPlayer2 and
/// its Player), so media keys, desktop widgets and `playerctl` see and control it.
///
/// Everything sd-bus does happens on one thread of its own (sd-bus objects are not thread-safe): it
/// opens libsystemd and the bus, takes the name, answers calls from the latest state and sends
/// PropertiesChanged when `publish` brings a new one. Requests go to `requests`, on that thread: they
/// must return at once. Without a session bus (or libsystemd) the thread ends and nothing else changes.
///
/// `@unchecked Sendable`: `bus` and `announced` are used only on the bus thread; `state` and `closing`
/// are behind their locks; the wake pipe's descriptors are made in `offer` and closed in `deinit`, once
/// no thread can write to them (the bus thread and every caller hold the player while they use it).
public final class MediaPlayerBus: @unchecked Sendable {
    public static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let introspectableInterface = "org.freedesktop.DBus.Introspectable"

    private let requests: @Sendable (MediaRequest) -> Void
    private let state: Locked<MediaPlayerState>
    /// Set by `close`, and by the thread when it ends (no bus, no name, the bus gone): nothing to wake.
    private let closing = Locked(false)
    /// Written to wake the bus thread: a new state to announce, or the end.
    private let wake: (read: Int32, write: Int32)
    private var bus: SystemdBus.Bus?
    /// What the desktop was last told.
    private var announced: MediaPlayerState

    /// Begins offering the player on its own thread; returns at once. The name is
    /// org.mpris.MediaPlayer2.chirper.instance<pid>, so players of several processes stand side by side.
    public static func offer(_ initial: MediaPlayerState, requests: @escaping @Sendable (MediaRequest) -> Void) -> MediaPlayerBus? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        let player = MediaPlayerBus(initial, wake: (fds[0], fds[1]), requests: requests)
        return NewThread.start { player.serve() } ? player : nil
    }

    private init(_ initial: MediaPlayerState, wake: (read: Int32, write: Int32), requests: @escaping @Sendable (MediaRequest) -> Void) {
        state = Locked(initial)
        announced = initial
        self.wake = wake
        self.requests = requests
    }

    /// The state the desktop is to see from now on.
    public func publish(_ new: MediaPlayerState) {
        // Position is asked for, never announced: only a change of what is announced (or a jump, told
        // as Seeked) wakes the thread.
        let changed = state.withLock { current -> Bool in
            defer { current = new }
            return !new.changedProperties(since: current).isEmpty || new.seeks != current.seeks
        }
        if changed { poke() }
    }

    /// Leaves the bus (the name goes with the connection); the thread ends.
    public func close() {
        let wasOpen = closing.withLock { closing in
            defer { closing = true }
            return !closing
        }
        if wasOpen { wakeThread() }
    }

    deinit {
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }

    private func poke() {
        if !closing.withLock({ $0 }) { wakeThread() }
    }

    private func wakeThread() {
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
    }

    // MARK: The bus thread

    private func serve() {
        defer { closing.withLock { $0 = true } }
        guard let sd = try? SystemdBus.loaded.get() else { return }
        var opened: SystemdBus.Bus?
        guard sd.openUser(&opened) >= 0, let opened else { return }
        bus = opened
        defer { _ = sd.flushCloseUnref(opened) }
        let this = Unmanaged.passUnretained(self).toOpaque()
        guard sd.addObject(opened, nil, Self.objectPath, { message, userdata, _ in
            guard let userdata, let sd = try? SystemdBus.loaded.get() else { return 0 }
            return Unmanaged<MediaPlayerBus>.fromOpaque(userdata).takeUnretainedValue().answer(message, sd)
        }, this) >= 0,
              sd.requestName(opened, "org.mpris.MediaPlayer2.chirper.instance\(getpid())", 0) >= 0 else { return }
        while !closing.withLock({ $0 }) {
            var processed: Int32
            repeat { processed = sd.process(opened, nil) } while processed > 0
            guard processed == 0 else { return }  // the bus is gone
            announce(sd)
            guard waitForWork(sd) else { return }
        }
    }

    /// Waits for the bus or the wake pipe, or sd-bus's own deadline; false when the bus is gone.
    private func waitForWork(_ sd: SystemdBus) -> Bool {
        let (busFD, busEvents) = (sd.getFD(bus), sd.getEvents(bus))
        guard busFD >= 0, busEvents >= 0 else { return false }
        var deadline: UInt64 = 0
        var timeout: Int32 = -1
        if sd.getTimeout(bus, &deadline) > 0, deadline != UInt64.max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
            timeout = deadline > nowMicroseconds ? Int32(min((deadline - nowMicroseconds + 999) / 1_000, 60_000)) : 0
        }
        var fds = [pollfd(fd: busFD, events: Int16(truncatingIfNeeded: busEvents), revents: 0),
                   pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, timeout)
        var drained = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wake.read, &drained, drained.count) > 0 {}
        return true
    }

    /// Sends PropertiesChanged for what changed since the desktop was last told, and Seeked after a jump.
    private func announce(_ sd: SystemdBus) {
        let current = state.withLock { $0 }
        let changed = current.changedProperties(since: announced)
        let jumped = current.seeks != announced.seeks
        announced = current
        if !changed.isEmpty {
            signal(Self.propertiesInterface, "PropertiesChanged", [.string(Self.playerInterface), .dictionary(changed), .strings([])], sd)
        }
        if jumped { signal(Self.playerInterface, "Seeked", [.int64(MediaPlayerState.microseconds(current.position))], sd) }
    }

    private func signal(_ interface: String, _ member: String, _ values: [BusValue], _ sd: SystemdBus) {
        var signal: SystemdBus.Message?
        guard sd.messageNewSignal(bus, &signal, Self.objectPath, interface, member) >= 0, let signal else { return }
        defer { _ = sd.messageUnref(signal) }
        for value in values where !sd.append(value, to: signal) { return }
        _ = sd.send(bus, signal, nil)
    }

    /// A method call on the player's path: properties from the latest state, requests passed on.
    /// > 0: answered; 0: not ours (sd-bus says the method is unknown); < 0: refused with that errno.
    private func answer(_ message: SystemdBus.Message?, _ sd: SystemdBus) -> Int32 {
        let interface = sd.messageInterface(message).map { String(cString: $0) }
        let member = sd.messageMember(message).map { String(cString: $0) } ?? ""
        var replyValues: [BusValue] = []
        switch interface {
        case Self.propertiesInterface:
            let current = state.withLock { $0 }
            let asked = sd.readString(message)
            let properties = asked == Self.playerInterface ? current.playerProperties
                : asked == Self.rootInterface ? MediaPlayerState.rootProperties : []
            switch member {
            case "Get":
                guard let name = sd.readString(message), let value = properties[name] else { return -EINVAL }
                return reply(to: message, variant: value, sd)
            case "GetAll": replyValues = [.dictionary(properties)]
            case "Set": return -EPERM
            default: return 0
            }
        case Self.rootInterface:
            guard member == "Raise" || member == "Quit" else { return 0 }
        case Self.introspectableInterface:
            guard member == "Introspect" else { return 0 }
            replyValues = [.string(Self.introspection)]
        case Self.playerInterface:
            guard let request = request(member, message, sd) else { return member == "OpenUri" ? -EOPNOTSUPP : 0 }
            requests(request)
        default:
            return 0
        }
        return reply(to: message, replyValues, sd)
    }

    private func request(_ member: String, _ message: SystemdBus.Message?, _ sd: SystemdBus) -> MediaRequest? {
        switch member {
        case "Play": return .play
        case "Pause": return .pause
        case "PlayPause": return .playPause
        case "Stop": return .stop
        case "Next": return .next
        case "Previous": return .previous
        case "Seek": return sd.readInt64(message).map { .seek(by: Double($0) / 1_000_000) }
        case "SetPosition":
            guard let track = sd.readString(message, "o"), let position = sd.readInt64(message) else { return nil }
            return .setPosition(track: track, seconds: Double(position) / 1_000_000)
        default: return nil
        }
    }

    private func reply(to call: SystemdBus.Message?, _ values: [BusValue] = [], variant: BusValue? = nil, _ sd: SystemdBus) -> Int32 {
        guard sd.messageExpectsReply(call) > 0 else { return 1 }  // sent with NO_REPLY_EXPECTED
        var reply: SystemdBus.Message?
        guard sd.messageNewMethodReturn(call, &reply) >= 0, let reply else { return -ENOMEM }
        defer { _ = sd.messageUnref(reply) }
        for value in values where !sd.append(value, to: reply) { return -ENOMEM }
        if let variant, !sd.appendVariant(variant, to: reply) { return -ENOMEM }
        let sent = sd.send(bus, reply, nil)
        return sent < 0 ? sent : 1
    }
}
