import XenoCanto

/// What a pack keeps of each species: how many recordings, of which sound types, how long at most.
public struct PackCriteria: Sendable, Equatable {
    public var perSpecies: Int
    /// Sound types asked for, lower case ("song", "call"); empty: any.
    public var types: [String]
    public var maxSeconds: Double

    public init(perSpecies: Int = 3, types: [String] = [], maxSeconds: Double = 60) {
        self.perSpecies = perSpecies
        self.types = types.map { $0.lowercased() }
        self.maxSeconds = maxSeconds
    }
}

/// Which recordings of a species a pack keeps, clean first. A pure function of the recordings and the
/// criteria, so the same answers always give the same pack (and a run again fetches nothing new).
public enum PackSelection {
    public struct Choice: Sendable, Equatable {
        /// The recordings to fetch, best first.
        public var chosen: [Recording]
        /// Restricted recordings that would have been chosen: listed, never requested.
        public var restricted: [Recording]
    }

    /// The best `criteria.perSpecies` of one species' `recordings`: within the length, of an asked type
    /// (at least one of each asked type when the species has it), then by `isCleaner`.
    public static func choose(from recordings: [Recording], criteria: PackCriteria) -> Choice {
        let eligible = recordings
            .filter { recording in recording.duration.map { $0 > 0 && $0 <= criteria.maxSeconds } ?? false }
            .filter { criteria.types.isEmpty || !types(of: $0).isDisjoint(with: criteria.types) }
            .sorted(by: isCleaner)
        let restricted = eligible.filter { !$0.isPlayable }
        let playable = eligible.filter(\.isPlayable)
        var chosen: [Recording] = []
        // The best of each asked type first, so a song and a call are both there when the species has both.
        for type in criteria.types where chosen.count < criteria.perSpecies {
            if let best = playable.first(where: { types(of: $0).contains(type) && !chosen.contains($0) }) {
                chosen.append(best)
            }
        }
        for recording in playable where chosen.count < criteria.perSpecies && !chosen.contains(recording) {
            chosen.append(recording)
        }
        return Choice(chosen: chosen.sorted(by: isCleaner), restricted: Array(restricted.prefix(criteria.perSpecies)))
    }

    /// Whether `a` is the cleaner recording: quality A before B … before E before none, no background
    /// species before some, playback not used before used, newer before older, then the higher number.
    public static func isCleaner(_ a: Recording, _ b: Recording) -> Bool {
        let keys = [(qualityRank(a), qualityRank(b)), (a.backgroundSpecies.isEmpty ? 0 : 1, b.backgroundSpecies.isEmpty ? 0 : 1),
                    (playbackRank(a), playbackRank(b))]
        for (left, right) in keys where left != right { return left < right }
        let (dateA, dateB) = (a.date ?? "", b.date ?? "")
        if dateA != dateB { return dateA > dateB }
        return (Int(a.id) ?? 0) > (Int(b.id) ?? 0)
    }

    /// The sound types a recording's `type` field names ("song, alarm call" → song, alarm call).
    public static func types(of recording: Recording) -> Set<String> {
        Set((recording.soundType ?? "").lowercased().split(separator: ",").map { $0.trimmed })
    }

    private static func qualityRank(_ recording: Recording) -> Int {
        guard let quality = recording.quality?.uppercased(), quality.count == 1, let letter = quality.first,
              ("A"..."E").contains(letter) else { return 5 }
        return Int(letter.asciiValue! - Character("A").asciiValue!)
    }

    private static func playbackRank(_ recording: Recording) -> Int {
        switch recording.playbackUsed?.lowercased() {
        case "no": 0
        case "yes": 2
        default: 1
        }
    }

    /// The species a recording is of, for grouping: its scientific name (genus and species) in lower case.
    public static func speciesKey(_ recording: Recording) -> String {
        recording.binomial.lowercased()
    }
}
