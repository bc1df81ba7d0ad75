/// Faults spread over a catalog's files by a seeded generator, for a long run (`make soak`): the same
/// seed gives the same faults on the same files.
public enum RandomFaults {
    /// The faults a run sees: three that the player recovers from, one that fails the track.
    static let kinds: [DemoFaults.AudioFault] = [
        .resetAt(fraction: 0.5, times: 1),
        .stall(atFraction: 0.3, seconds: 1.5),
        .status(503, times: 1),
        .html,
    ]

    /// Gives `share` of the playable recordings one fault each; returns which.
    @discardableResult
    public static func assign(share: Double, seed: UInt64, to catalog: DemoRecordings, faults: DemoFaults)
        -> [(id: String, fault: DemoFaults.AudioFault)] {
        guard share > 0 else { return [] }
        var generator = SplitMix64(seed: seed)
        var chosen: [(id: String, fault: DemoFaults.AudioFault)] = []
        for entry in catalog.entries where entry.audio != nil {
            guard Double(generator.next() % 10_000) / 10_000 < share else { continue }
            let fault = kinds[Int(generator.next() % UInt64(kinds.count))]
            faults.audio(entry.recording.id, fault)
            chosen.append((entry.recording.id, fault))
        }
        return chosen
    }
}

/// A small seeded generator (SplitMix64): reproducible runs without Foundation's.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
