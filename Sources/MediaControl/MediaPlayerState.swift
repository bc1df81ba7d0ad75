import DisplayText

/// What a desktop is told of a player (MPRIS's properties), as a value: the screen that plays makes a
/// new one from each of the engine's events, and the bus only sends it.
public struct MediaPlayerState: Equatable, Sendable {
    public enum Status: String, Sendable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    public var status: Status
    public var track: MediaTrack?
    /// Seconds into the track.
    public var position: Double
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    /// How many times the position has jumped (a seek, a loop going back): each is told as Seeked, so a
    /// widget that moves its own clock on between answers sets it again.
    public var seeks: Int

    public init(status: Status = .stopped, track: MediaTrack? = nil, position: Double = 0, canGoNext: Bool = false,
                canGoPrevious: Bool = false, seeks: Int = 0) {
        self.status = status
        self.track = track
        self.position = position
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
        self.seeks = seeks
    }

    /// org.mpris.MediaPlayer2.Player's properties. Position in microseconds, as MPRIS counts.
    public var playerProperties: [BusEntry] {
        [
            BusEntry("PlaybackStatus", .string(status.rawValue)),
            BusEntry("Metadata", .dictionary(track?.metadata ?? [])),
            BusEntry("Position", .int64(Self.microseconds(position))),
            BusEntry("Rate", .double(1)),
            BusEntry("MinimumRate", .double(1)),
            BusEntry("MaximumRate", .double(1)),
            BusEntry("Volume", .double(1)),
            BusEntry("CanGoNext", .boolean(canGoNext)),
            BusEntry("CanGoPrevious", .boolean(canGoPrevious)),
            BusEntry("CanPlay", .boolean(track != nil)),
            BusEntry("CanPause", .boolean(track != nil)),
            BusEntry("CanSeek", .boolean(track != nil)),
            BusEntry("CanControl", .boolean(true)),
        ]
    }

    /// org.mpris.MediaPlayer2's properties: a player without a window, a track list or URIs to open.
    /// Made when asked, not kept in a global: a global array of these enums holds its boxes through
    /// tagged pointers, which LeakSanitizer does not read as pointers (it reported them as leaks).
    public static var rootProperties: [BusEntry] { [
        BusEntry("Identity", .string("Chirper")),
        BusEntry("CanQuit", .boolean(false)),
        BusEntry("CanRaise", .boolean(false)),
        BusEntry("HasTrackList", .boolean(false)),
        BusEntry("SupportedUriSchemes", .strings([])),
        BusEntry("SupportedMimeTypes", .strings([])),
    ] }

    /// What a PropertiesChanged signal tells after `old`: the player's properties whose value changed.
    /// Never Position, which MPRIS has asked for, not announced.
    public func changedProperties(since old: MediaPlayerState) -> [BusEntry] {
        let before = old.playerProperties
        return playerProperties.filter { $0.key != "Position" && before[$0.key] != $0.value }
    }

    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int64(min(seconds, 1e9) * 1_000_000)
    }
}

/// The track a player plays, as MPRIS's metadata says it.
public struct MediaTrack: Equatable, Sendable {
    /// What tells it from the queue's other tracks: its place in the queue, so the same recording twice
    /// is two tracks.
    public let number: Int
    public let title: String
    public let artists: [String]
    public let url: String?
    public let seconds: Double?

    /// Text from outside is made one displayable line: a desktop's widget shows it as a terminal would.
    public init(number: Int, title: String, artists: [String] = [], url: String? = nil, seconds: Double? = nil) {
        self.number = number
        self.title = Displayable.line(title)
        self.artists = artists.map { Displayable.line($0) }
        self.url = url.map { Displayable.line($0) }
        self.seconds = seconds
    }

    /// mpris:trackid: an object path of Chirper's own, digits only in its last element.
    public var objectPath: String { "/org/chirper/track/\(max(0, number))" }

    var metadata: [BusEntry] {
        var entries = [BusEntry("mpris:trackid", .objectPath(objectPath)), BusEntry("xesam:title", .string(title))]
        if !artists.isEmpty { entries.append(BusEntry("xesam:artist", .strings(artists))) }
        if let url { entries.append(BusEntry("xesam:url", .string(url))) }
        if let seconds, seconds > 0 { entries.append(BusEntry("mpris:length", .int64(MediaPlayerState.microseconds(seconds)))) }
        return entries
    }
}

/// What a desktop (media keys, a widget, playerctl) asks of a player.
public enum MediaRequest: Equatable, Sendable {
    case play
    case pause
    case playPause
    case stop
    case next
    case previous
    /// Seconds forward, or back when negative.
    case seek(by: Double)
    /// To `seconds` into the track whose mpris:trackid is `track`.
    case setPosition(track: String, seconds: Double)
}
