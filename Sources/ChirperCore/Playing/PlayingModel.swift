import PlaybackModel
import XenoCanto

/// What a playing screen (play, queue, compare) shows and how it takes keys: the queue entry on
/// screen, its playback as the engine reported it, the speed and loop the engine said are in force,
/// and whether the key list covers the help. Keys and the engine's events change it; the commands it
/// returns are the only way it asks for I/O. Browse has `BrowseModel`; both take the listening keys
/// from `KeyMap`.
public struct PlayingModel: Equatable, Sendable {
    public let screen: KeyScreen
    /// Each entry's length as the API gave it (compare's Tab goes to the same share of the other's).
    public let lengths: [Double?]
    /// The entries go round until q (a repeating queue or compare): entry `index` is `index % count`.
    public let repeating: Bool
    /// The linear mode: `?` asks for the key list as lines once, no overlay opens.
    public let linear: Bool
    /// The queue entry on screen; nil before the first event.
    public private(set) var index: Int?
    public private(set) var playback = PlaybackState.idle
    /// Speed and loop in force, as the engine last said.
    public private(set) var listening = ListeningSettings.normal
    /// The `?` overlay is open.
    public private(set) var showsKeys = false
    /// Seconds heard into the entry on screen, as last reported: kept through a dry spell (buffering
    /// has no position), for compare's Tab.
    var heard = 0.0
    /// Each item's marks and annotations: where `.` and `,` go and what `L` loops.
    var places: [Landmarks]
    /// The mark being made: a point kept that the next `m` on the same entry makes a region.
    public internal(set) var marking = Marking.none
    /// What the last `m` did, shown beside the status: kept, or why not.
    public internal(set) var markNote: String?
    /// Entries failed one after another since the last that played.
    public private(set) var failedInARow = 0
    /// As many entries failed in a row as there are items: a whole pass in which nothing played, so a
    /// repeating queue going round again would only fail again, for ever.
    public var wholePassFailed: Bool { failedInARow >= lengths.count }

    /// What the model asks its caller to do.
    public enum Command: Equatable, Sendable {
        case listen(ListeningCommand)
        /// Stop the sound and end the command (q).
        case quit
        /// Say every key of the screen, as lines (`?` in the linear mode).
        case sayKeys
        /// Keep `region` as a mark on item `item`: new, or in place of mark `replacing` (the point the
        /// region was opened with). The caller answers with `kept`.
        case keepMark(item: Int, region: MarkedRegion, replacing: Int64?)
    }

    public init(screen: KeyScreen, lengths: [Double?], repeating: Bool = false, linear: Bool = false, landmarks: [[MarkedRegion]] = []) {
        self.screen = screen
        places = landmarks.map(Landmarks.init)
        self.linear = linear
        self.lengths = lengths.isEmpty ? [nil] : lengths
        self.repeating = repeating
    }

    /// The entry `index` names in the list of items.
    public var item: Int? { index.map { $0 % lengths.count } }

    /// A key press. `?` opens the key list; while it is open, `?`, q and Esc close it and nothing else
    /// is lost (the listening keys still work).
    public mutating func press(_ key: TerminalKey) -> [Command] {
        switch KeyMap.meaning(of: key, on: screen) {
        case .keyList? where linear: return [.sayKeys]
        case .keyList?: showsKeys.toggle()
        case .quit? where showsKeys, .close? where showsKeys: showsKeys = false
        case .quit?: return [.quit]
        case .listen(.otherSide)?: return otherSide().map { [.listen($0)] } ?? []
        case .listen(let command)?: return [.listen(command)]
        case .landmark(let move)?: return landmark(move)
        case .close?, .interrupt?, .browse?, .quiz?, nil: break
        }
        return []
    }

    /// An event of the engine about queue entry `index`. True when that entry is new on screen (a
    /// queue prints its header then).
    @discardableResult
    public mutating func receive(_ index: Int, _ event: PlaybackEvent) -> Bool {
        let began = index != self.index
        if began {
            self.index = index
            playback = .idle
            heard = 0
            marking = .none
            markNote = nil
            for item in places.indices { places[item].forgetVisit() }
        }
        if case .position(let elapsed, _) = event { heard = elapsed }
        if case .jumped(let to) = event { heard = to }
        if case .failed = event { failedInARow += 1 }
        if case .started = event { failedInARow = 0 }
        playback = playback.applying(event, knownDuration: lengths[index % lengths.count])
        if case .settings(let settings) = event { listening = settings }
        return began
    }

    /// Compare's Tab: the other recording at the same share of its length as this one has been heard.
    private func otherSide() -> ListeningCommand? {
        guard lengths.count == 2, let index else { return nil }
        let fraction = heard / max(0.001, lengths[index % 2] ?? 0)
        let other = repeating ? index + 1 : 1 - index
        return .play(index: other, from: fraction * (lengths[other % 2] ?? 0))
    }
}
