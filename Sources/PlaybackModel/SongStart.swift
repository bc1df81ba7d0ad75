#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Where in a recording the bird is first heard: the quiz plays a question from there, not from leading
/// silence, wind or the recordist's spoken announcement.
///
/// The spectrogram is read in third-octave bands. A band's noise floor is its quiet level (a low
/// percentile over time); it is *active* in a column when it stands well above that floor. A voice
/// lights many bands at once (a pitch's harmonics, up through the formants), as do a handling noise or a
/// car passing; a bird's note lights one or a few. Such broad columns are set aside. The bird's band is
/// the one active longest in the rest (a recording is mostly its subject), widened to the neighbours
/// active at least half as long; pooled over a species' recordings, it is the band busiest in most of
/// them. The start is the first stretch where that band stays active, less a short lead-in so the first
/// note is heard whole.
public enum SongStart {
    /// The bands' edges: third octaves from 150 Hz to 12 kHz, where birds (and most other sounds
    /// xeno-canto holds) sing.
    static let lowest = 150.0
    static let bandsPerOctave = 3.0
    static let highest = 12_000.0
    /// How far above its floor a band must be to count as sounding, in decibels.
    static let aboveFloor: Float = 10
    /// The floor: the level a band is at or below this share of the time.
    static let floorShare = 0.2
    /// The stretch that must hold the sound, and how much of it must be active.
    static let stretchSeconds = 0.5
    static let activeShareOfStretch = 0.4
    /// Played before the first note found, so its attack is not cut.
    public static let leadIn = 0.3
    /// A column with this share of its bands active (and at least `broadBands`) is broad: a voice, not a bird.
    static let broadShare = 0.35
    static let broadBands = 6

    /// What a recording's bands do over time: which is active in each column, voices set aside.
    public struct Bands: Sendable, Equatable {
        /// `active[band][column]`.
        let active: [[Bool]]
        let columnSeconds: Double
        /// Each band's share of the columns, over the busiest band's share: this recording's say in where
        /// its species sings, the same weight for a short recording as a long one.
        public let profile: [Double]

        init(active: [[Bool]], columnSeconds: Double) {
            self.active = active
            self.columnSeconds = columnSeconds
            let time = active.map { Double($0.lazy.filter { $0 }.count) }
            let most = time.max() ?? 0
            profile = time.map { most > 0 ? $0 / most : 0 }
        }
    }

    /// Seconds into the recording to start from, by its own bands alone (0 when nothing stands out: the
    /// sound is heard from the start rather than skipped).
    public static func seconds(in spectrogram: Spectrogram) -> Double {
        bands(in: spectrogram).map { seconds(in: $0, pooledWith: []) } ?? 0
    }

    /// The bands of `spectrogram`; nil when it is too short or has no time.
    public static func bands(in spectrogram: Spectrogram) -> Bands? {
        guard spectrogram.columnSeconds > 0, spectrogram.columnSeconds.isFinite else { return nil }
        let levels = bandLevels(spectrogram)
        guard let first = levels.first, first.count >= 2 else { return nil }
        return Bands(active: narrow(activity(levels)), columnSeconds: spectrogram.columnSeconds)
    }

    /// Seconds into `recording` to start from, listening in the band where its species sings: where
    /// this recording and `others` of the same species hold their sound together. A steady insect or a
    /// second bird busier than the subject in one recording is outvoted by the rest. When that band
    /// never sounds long enough in this recording, its own busiest band is listened in; 0 when neither does.
    public static func seconds(in recording: Bands, pooledWith others: [Bands]) -> Double {
        let pooled = subjectBands(pool([recording] + others))
        if let pooled, let start = firstStretch(of: pooled, in: recording) { return start }
        if let own = subjectBands(recording.profile), own != pooled, let start = firstStretch(of: own, in: recording) { return start }
        return 0
    }

    /// The profiles of `recordings` added band by band (a recording at a lower sample rate has fewer bands).
    static func pool(_ recordings: [Bands]) -> [Double] {
        var sum = [Double](repeating: 0, count: recordings.map(\.profile.count).max() ?? 0)
        for recording in recordings {
            for (band, share) in recording.profile.enumerated() { sum[band] += share }
        }
        return sum
    }

    /// Where `band` first stays active through most of a stretch, less the lead-in; nil when it never does.
    static func firstStretch(of band: ClosedRange<Int>, in recording: Bands) -> Double? {
        guard let columns = recording.active.first?.count else { return nil }
        let stretch = max(1, Int((stretchSeconds / recording.columnSeconds).rounded()))
        let needed = max(1, Int((Double(stretch) * activeShareOfStretch).rounded(.up)))
        let rows = band.filter { $0 < recording.active.count }.map { recording.active[$0] }
        let sounding = (0..<columns).map { column in rows.contains { $0[column] } }
        var count = 0
        for column in sounding.indices {
            if sounding[column] { count += 1 }
            if column >= stretch, sounding[column - stretch] { count -= 1 }
            guard count >= needed else { continue }
            // The stretch's first active column is where the sound begins.
            let from = max(0, column - stretch + 1)
            guard let onset = sounding[from...column].firstIndex(of: true) else { continue }
            return max(0, Double(onset) * recording.columnSeconds - leadIn)
        }
        return nil
    }

    /// Each band's level in decibels per column: `levels[band][column]`.
    static func bandLevels(_ spectrogram: Spectrogram) -> [[Float]] {
        let top = min(highest, spectrogram.nyquist)
        var edges: [Double] = []
        var edge = lowest
        while edge < top {
            edges.append(edge)
            edge *= pow(2, 1 / bandsPerOctave)
        }
        edges.append(top)
        let binHertz = spectrogram.binHertz
        let ranges: [Range<Int>] = zip(edges, edges.dropFirst()).compactMap { low, high in
            let first = Int((low / binHertz).rounded(.up))
            let end = min(spectrogram.binCount, Int((high / binHertz).rounded(.up)))
            return first < end ? first..<end : nil
        }
        return ranges.map { bins in
            spectrogram.columns.map { column in
                var power: Float = 0
                for bin in bins where bin < column.count { power += column[bin] }
                return 10 * log10(power + 1e-12)
            }
        }
    }

    /// Whether each band stands above its floor in each column.
    static func activity(_ levels: [[Float]]) -> [[Bool]] {
        levels.map { band in
            let sorted = band.sorted()
            let floor = sorted[min(sorted.count - 1, Int(Double(sorted.count) * floorShare))]
            return band.map { $0 >= floor + aboveFloor }
        }
    }

    /// `active` with the broad columns' bands all set quiet.
    static func narrow(_ active: [[Bool]]) -> [[Bool]] {
        guard let columns = active.first?.count else { return active }
        let limit = max(broadBands, Int((Double(active.count) * broadShare).rounded(.up)))
        let broad = (0..<columns).map { column in active.lazy.filter { $0[column] }.count >= limit }
        return active.map { band in band.indices.map { band[$0] && !broad[$0] } }
    }

    /// The band with the largest share and its neighbours with at least half of it; nil when no band has any.
    static func subjectBands(_ share: [Double]) -> ClosedRange<Int>? {
        guard let peak = share.indices.max(by: { share[$0] < share[$1] }), share[peak] > 0 else { return nil }
        var low = peak
        var high = peak
        while low > 0, share[low - 1] * 2 >= share[peak] { low -= 1 }
        while high + 1 < share.count, share[high + 1] * 2 >= share[peak] { high += 1 }
        return low...high
    }
}
