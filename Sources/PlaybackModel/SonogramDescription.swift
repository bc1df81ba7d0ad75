#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A sonogram in words, for a listener who cannot see the picture (`sonogram --describe`, and the
/// linear mode's `sonogram`): the band the sound holds its energy in, how many phrases stand above the
/// recording's background, and the loudest of them: when, how long, their pitch and how it moves. It
/// reads the same spectrogram the picture is drawn from.
public enum SonogramDescription {
    public enum Shape: String, Sendable, Equatable {
        case rising, falling, steady, trilled
    }

    /// A stretch of sound above the background: where it starts, how long it lasts, its middle pitch
    /// and its shape, and how much energy it holds (what "loudest" ranks by).
    public struct Phrase: Sendable, Equatable {
        public var start: Double
        public var seconds: Double
        public var hertz: Double
        public var shape: Shape
        /// The notes it is made of (sounds parted by silences shorter than `gap`), and how most of
        /// them move when there are several.
        public var notes: Int
        public var noteShape: Shape?
        var energy: Float
    }

    public struct Summary: Sendable, Equatable {
        /// Where most of the sound's energy lies (the 10th to the 90th percentile of its peaks), and its middle.
        public var band: (low: Double, middle: Double, high: Double)?
        public var phrases: [Phrase]

        public static func == (a: Summary, b: Summary) -> Bool {
            a.phrases == b.phrases && a.band?.low == b.band?.low && a.band?.middle == b.band?.middle && a.band?.high == b.band?.high
        }

        /// The `count` loudest phrases, in the order they are heard.
        public func loudest(_ count: Int) -> [Phrase] {
            Array(phrases.sorted { $0.energy > $1.energy }.prefix(count)).sorted { $0.start < $1.start }
        }
    }

    /// How far above the background (its 20th percentile) a column must be to sound, in decibels.
    static let aboveFloor: Float = 10
    /// The level (in the spectrogram's decibels) below which a recording that never changes is silence.
    static let audible: Float = -60
    /// Silences this short inside a phrase do not end it; sounds shorter than `shortest` are not phrases.
    static let gap = 0.15
    static let shortest = 0.05
    /// The pitch must move by this ratio from a phrase's first third to its last to rise or fall.
    static let moves = 1.08
    /// Turns of pitch per second that make a trill.
    static let trillTurns = 8.0

    public static func describe(_ spectrogram: Spectrogram) -> Summary {
        let binHertz = spectrogram.binHertz
        guard spectrogram.columnSeconds > 0, binHertz > 0, !spectrogram.columns.isEmpty else { return Summary(band: nil, phrases: []) }
        let low = max(1, Int((150 / binHertz).rounded(.up)))
        let high = min(spectrogram.binCount - 1, Int(min(12_000, spectrogram.nyquist) / binHertz))
        guard low < high else { return Summary(band: nil, phrases: []) }
        var energy: [Float] = [], peak: [Double] = []
        for column in spectrogram.columns {
            var total: Float = 0, best = low
            for bin in low...min(high, column.count - 1) {
                total += column[bin]
                if column[bin] > column[best] { best = bin }
            }
            energy.append(total)
            peak.append(Double(best) * binHertz)
        }
        let levels = energy.map { 10 * log10($0 + 1e-12) }
        let sorted = levels.sorted()
        var floor = sorted[Int(Double(levels.count - 1) * 0.2)]
        // A sound that never falls back to a background (a tone, a chorus throughout) is all phrase,
        // when it is a sound at all: decoded silence lies far below `audible`.
        if let loudest = sorted.last, loudest - floor < aboveFloor, loudest > audible { floor = loudest - 2 * aboveFloor }
        let active = levels.map { $0 >= floor + aboveFloor }
        let phrases = runs(active, columnSeconds: spectrogram.columnSeconds).map { run in
            phrase(run, peak: peak, energy: energy, active: active, columnSeconds: spectrogram.columnSeconds)
        }
        let sounding = active.indices.filter { active[$0] }.map { peak[$0] }.sorted()
        let band = sounding.isEmpty ? nil : (low: percentile(sounding, 0.1), middle: percentile(sounding, 0.5), high: percentile(sounding, 0.9))
        return Summary(band: band, phrases: phrases)
    }

    /// The runs of sounding columns, joined across short silences, long enough to be phrases.
    static func runs(_ active: [Bool], columnSeconds: Double) -> [Range<Int>] {
        let joinable = Int((gap / columnSeconds).rounded())
        var runs: [Range<Int>] = []
        var index = 0
        while index < active.count {
            guard active[index] else { index += 1; continue }
            var end = index + 1
            while end < active.count {
                if active[end] { end += 1; continue }
                guard let next = active[end...].firstIndex(of: true), next - end <= joinable else { break }
                end = next
            }
            if Double(end - index) * columnSeconds >= shortest { runs.append(index..<end) }
            index = end
        }
        return runs
    }

    static func phrase(_ run: Range<Int>, peak: [Double], energy: [Float], active: [Bool], columnSeconds: Double) -> Phrase {
        let pitches = run.filter { active[$0] }.map { peak[$0] }
        let seconds = Double(run.count) * columnSeconds
        let third = max(1, pitches.count / 3)
        let first = percentile(pitches.prefix(third).sorted(), 0.5), last = percentile(pitches.suffix(third).sorted(), 0.5)
        let middle = percentile(pitches.sorted(), 0.5)
        // A trill: the pitch turns back and forth (by more than a small step) many times a second.
        var turns = 0, direction = 0
        for (a, b) in zip(pitches, pitches.dropFirst()) where abs(b - a) > middle * 0.04 {
            let now = b > a ? 1 : -1
            if direction != 0, now != direction { turns += 1 }
            direction = now
        }
        // A phrase that ends higher or lower than it began rises or falls, however it gets there.
        let shape: Shape = last > first * moves ? .rising : last * moves < first ? .falling
            : seconds >= 0.3 && Double(turns) / seconds >= trillTurns ? .trilled : .steady
        // Its notes: the runs of sound inside it, each rising, falling or steady from its first third to its last.
        var notes: [Range<Int>] = []
        var index = run.lowerBound
        while index < run.upperBound {
            guard active[index] else { index += 1; continue }
            let end = active[index..<run.upperBound].firstIndex(of: false) ?? run.upperBound
            notes.append(index..<end)
            index = end
        }
        let shapes = notes.filter { $0.count >= 3 }.map { note -> Shape in
            let third = max(1, note.count / 3)
            let from = percentile(note.prefix(third).map { peak[$0] }.sorted(), 0.5), to = percentile(note.suffix(third).map { peak[$0] }.sorted(), 0.5)
            return to > from * moves ? .rising : to * moves < from ? .falling : .steady
        }
        // The shape most notes have, when one has more than any other (a tie says none).
        let counts = [Shape.rising, .falling, .steady, .trilled].map { shape in (shape, shapes.filter { $0 == shape }.count) }
        let most = counts.map(\.1).max() ?? 0
        let common = most > 0 && counts.filter({ $0.1 == most }).count == 1 ? counts.first { $0.1 == most }?.0 : nil
        return Phrase(start: Double(run.lowerBound) * columnSeconds, seconds: seconds, hertz: middle, shape: shape,
                      notes: notes.count, noteShape: notes.count > 1 ? common : nil, energy: run.reduce(0) { $0 + energy[$1] })
    }

    static func percentile(_ sorted: [Double], _ share: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * share))]
    }

    /// The description as lines: the band, the phrases counted, the three loudest.
    public static func lines(_ summary: Summary) -> [String] {
        guard let band = summary.band, !summary.phrases.isEmpty else { return ["Nothing stands above the recording's background."] }
        let count = summary.phrases.count
        var lines = ["Sound from \(kilohertz(band.low)) to \(kilohertz(band.high)) kHz, most near \(kilohertz(band.middle)) kHz.",
                     "\(count) phrase\(count == 1 ? "" : "s")" + (count > 3 ? "; the 3 loudest:" : ":")]
        for phrase in summary.loudest(3) {
            // Several notes: how they move, and the phrase's own way only when it rises or falls as a whole.
            let overall = phrase.shape == .rising || phrase.shape == .falling ? ", \(phrase.shape.rawValue) overall" : ""
            let shape = phrase.notes > 1
                ? "\(phrase.notes) " + (phrase.noteShape.map { $0.rawValue + " " } ?? "") + "notes" + overall
                : phrase.shape.rawValue
            lines.append("  at \(LoopSection.clock(phrase.start)), \(seconds(phrase.seconds)) s, \(kilohertz(phrase.hertz)) kHz, " + shape)
        }
        return lines
    }

    static func kilohertz(_ hertz: Double) -> String { tenths(hertz / 1000) }
    static func seconds(_ value: Double) -> String { tenths(value) }

    /// "3.2": one decimal.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
