/// How fast a recording plays, and whether its pitch follows (a tape slowed down) or is kept (time
/// stretched). Pure Swift: the status line and the browse row show it, the engine applies it.
public struct PlaybackSpeed: Equatable, Sendable, CustomStringConvertible {
    /// The range `--speed` and the keys keep to: a bat detector's tenfold expansion up to double speed.
    public static let slowest = 0.1
    public static let fastest = 2.0
    public static let normal = PlaybackSpeed(rate: 1)

    /// Recording seconds per second heard.
    public let rate: Double
    /// Pitch follows speed (the output runs at the sample rate × `rate`); false: pitch kept.
    public var tape: Bool

    /// `rate` is kept within `slowest...fastest`; two decimals are plenty for the ear and keep the
    /// label short.
    public init(rate: Double, tape: Bool = false) {
        self.rate = (min(Self.fastest, max(Self.slowest, rate)) * 100).rounded() / 100
        self.tape = tape
    }

    /// Plays as recorded: no stretching, no change of rate.
    public var isNormal: Bool { rate == 1 }

    /// What a key asks of the speed, as mpv users know the keys.
    public enum Change: Sendable, Equatable {
        case slower, faster, halve, double, reset, toggleTape
    }

    public func applying(_ change: Change) -> PlaybackSpeed {
        switch change {
        case .slower: return PlaybackSpeed(rate: rate / 1.1, tape: tape)
        case .faster: return PlaybackSpeed(rate: rate * 1.1, tape: tape)
        case .halve: return PlaybackSpeed(rate: rate / 2, tape: tape)
        case .double: return PlaybackSpeed(rate: rate * 2, tape: tape)
        case .reset: return PlaybackSpeed(rate: 1, tape: tape)
        case .toggleTape: return PlaybackSpeed(rate: rate, tape: !tape)
        }
    }

    /// "½×", "0.25× tape", "1.5×"; "" at normal speed (nothing to say).
    public var description: String {
        guard !isNormal else { return "" }
        let fractions: [Double: String] = [0.5: "½", 0.25: "¼", 0.75: "¾"]
        var number = fractions[rate] ?? String(rate)
        if number.hasSuffix(".0") { number.removeLast(2) }
        return number + "×" + (tape ? " tape" : "")
    }
}

/// A phrase played over and over: from `start` to `end` seconds of the recording, `passes` times in all
/// (nil: until the listener clears it), then on past `end`.
public struct LoopSection: Equatable, Sendable, CustomStringConvertible {
    public let start: Double
    public let end: Double
    public let passes: Int?

    /// The shortest section: a tenth of a second (shorter is a buzz, not a phrase).
    public static let shortest = 0.1

    /// The latest a section may end: past any recording's length, and within what the clock can count.
    public static let latest = 1_000_000.0

    /// Nil unless `start` is at or after 0, `end` at least `shortest` after it and at most `latest`, and
    /// `passes` (when given) at least 1.
    public init?(start: Double, end: Double, passes: Int? = nil) {
        guard start >= 0, end <= Self.latest, end - start >= Self.shortest, (passes ?? 1) >= 1 else { return nil }
        self.start = start
        self.end = end
        self.passes = passes
    }

    /// "1.5-3.2" or "0:01.5-0:03.2" (minutes optional on each side).
    public init?(parsing text: String, passes: Int? = nil) {
        let sides = text.split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2, let start = Self.seconds(sides[0]), let end = Self.seconds(sides[1]) else { return nil }
        self.init(start: start, end: end, passes: passes)
    }

    /// "3.2", "0:03.2", "1:02" → seconds.
    static func seconds(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let seconds = Double(parts.last!), seconds >= 0, seconds.isFinite else { return nil }
        guard parts.count == 2 else { return seconds }
        guard seconds < 60, let minutes = Int(parts[0]), (0...Int(latest / 60)).contains(minutes) else { return nil }
        return Double(minutes) * 60 + seconds
    }

    /// "⟲ 0:01.5–0:03.2", tenths shown: a phrase is a second or two.
    public var description: String { "⟲ " + Self.clock(start) + "–" + Self.clock(end) }

    /// 12.34 → "0:12.3": minutes, seconds and tenths of the recording.
    public static func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let minutes = tenths / 600
        let rest = tenths % 600
        return "\(minutes):" + (rest < 100 ? "0" : "") + "\(rest / 10).\(rest % 10)"
    }
}

/// Where the listener's loop stands: none, its start marked (`l` once), or playing a section.
public enum LoopMarks: Equatable, Sendable, CustomStringConvertible {
    case none
    case started(at: Double)
    case looping(LoopSection)

    public var section: LoopSection? {
        if case .looping(let section) = self { section } else { nil }
    }

    /// `l` at `position`: marks the start, then the end (a loop when it lies after the start; else the
    /// new start), then clears. The third press clears, as in mpv.
    public func marking(at position: Double) -> LoopMarks {
        switch self {
        case .none: return .started(at: position)
        case .started(let start):
            guard let section = LoopSection(start: start, end: position) else { return .started(at: position) }
            return .looping(section)
        case .looping: return .none
        }
    }

    public var description: String {
        switch self {
        case .none: return ""
        case .started(let start): return "⟲ " + LoopSection.clock(start) + "–"
        case .looping(let section): return section.description
        }
    }
}

/// The listening tools in force: what the status line shows beside the clock.
public struct ListeningSettings: Equatable, Sendable, CustomStringConvertible {
    public var speed: PlaybackSpeed
    public var loop: LoopMarks

    public static let normal = ListeningSettings(speed: .normal, loop: .none)

    public init(speed: PlaybackSpeed, loop: LoopMarks) {
        self.speed = speed
        self.loop = loop
    }

    /// " ½× ⟲ 0:01.5–0:03.2" to follow a status, or "" when nothing is in force.
    public var statusSuffix: String { self == .normal ? "" : " " + description }

    /// "½× ⟲ 0:01.5–0:03.2"; "" when nothing is in force.
    public var description: String {
        [speed.description, loop.description].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
