#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The power of each frequency bin over time: what a sonogram is drawn from. Columns are spectra at
/// equal steps of time; bin `b` of a column is the power around `b × binHertz`. Pure data.
public struct Spectrogram: Equatable, Sendable {
    public let sampleRate: Int
    /// Bins per column: 0 Hz to half the sample rate.
    public let binCount: Int
    /// Seconds each column stands for.
    public let columnSeconds: Double
    /// Linear power, `columns[time][bin]`.
    public let columns: [[Float]]

    public init(sampleRate: Int, binCount: Int, columnSeconds: Double, columns: [[Float]]) {
        self.sampleRate = sampleRate
        self.binCount = binCount
        self.columnSeconds = columnSeconds
        self.columns = columns
    }

    public var nyquist: Double { Double(sampleRate) / 2 }
    public var binHertz: Double { nyquist / Double(max(1, binCount - 1)) }
    public var duration: Double { Double(columns.count) * columnSeconds }

    /// The top of a frequency axis fitted to the sound: the whole kHz above the highest frequency that
    /// is ever within 50 dB of the loudest moment, at least 4 kHz, at most half the sample rate. Birdsong
    /// mostly lies below 8 kHz, and an axis to 22 kHz would draw it in a sliver. By each frequency's
    /// loudest moment, not its share of the power, so a song far quieter than wind or traffic under it
    /// still sets the top.
    public var fittedTop: Double {
        var loudest = [Float](repeating: 0, count: binCount)
        for column in columns {
            for (bin, power) in column.prefix(binCount).enumerated() where power > loudest[bin] { loudest[bin] = power }
        }
        guard let peak = loudest.max(), peak > 0 else { return nyquist }
        let threshold = peak * 1e-5  // 50 dB below
        guard let highest = loudest.lastIndex(where: { $0 >= threshold }) else { return nyquist }
        let kilohertz = (Double(highest + 1) * binHertz / 1000).rounded(.up)
        return min(nyquist, max(4000, kilohertz * 1000))
    }
}

/// A spectrogram resampled to a picture: `width` × `height` pixels of decibels (0 dB = the loudest
/// pixel, down to `floor`), row 0 at the top (the highest frequency), each pixel the loudest power of
/// the bins and columns it covers, so a narrow call is never averaged away.
public struct SonogramPicture: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let maxHertz: Double
    public let duration: Double
    public let floor: Float
    /// `decibels[row][column]`, from `floor` to 0.
    public let decibels: [[Float]]

    /// `maxHertz`: the top of the frequency axis; nil: fitted to the sound (`Spectrogram.fittedTop`).
    public init(_ spectrogram: Spectrogram, width: Int, height: Int, maxHertz: Double? = nil, floor: Float = -80) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.maxHertz = min(maxHertz ?? spectrogram.fittedTop, spectrogram.nyquist)
        self.duration = spectrogram.duration
        self.floor = floor
        let columns = spectrogram.columns
        var power = [[Float]](repeating: [Float](repeating: 0, count: self.width), count: self.height)
        if !columns.isEmpty {
            let bins = Self.binsOfRows(rows: self.height, top: self.maxHertz, binHertz: spectrogram.binHertz, binCount: spectrogram.binCount)
            // Each pixel column takes the loudest of the spectrogram columns it covers, or, when there are
            // fewer columns than pixels, the one column it falls in; each row the loudest of its bins.
            var loudestOfBin = [Float](repeating: 0, count: spectrogram.binCount)
            for x in 0..<self.width {
                let first = x * columns.count / self.width
                let end = max(first + 1, (x + 1) * columns.count / self.width)
                for bin in loudestOfBin.indices { loudestOfBin[bin] = 0 }
                for column in columns[first..<min(end, columns.count)] {
                    for (bin, value) in column.prefix(loudestOfBin.count).enumerated() where value > loudestOfBin[bin] {
                        loudestOfBin[bin] = value
                    }
                }
                for (row, range) in bins.enumerated() where !loudestOfBin.isEmpty {
                    power[row][x] = loudestOfBin[range].max() ?? 0
                }
            }
        }
        let loudest = power.lazy.flatMap { $0 }.max() ?? 0
        let bottom = floor
        decibels = power.map { row in
            row.map { value in
                guard loudest > 0, value > 0 else { return bottom }
                return Swift.max(bottom, 10 * log10f(value / loudest))
            }
        }
    }

    /// The bins each pixel row shows, top row first: those whose frequency lies in the row's band, or,
    /// when the rows are finer than the bins, the one nearest the row's middle (no row is left empty).
    static func binsOfRows(rows: Int, top: Double, binHertz: Double, binCount: Int) -> [ClosedRange<Int>] {
        let last = max(0, binCount - 1)
        return (0..<rows).map { row in
            let high = top * (1 - Double(row) / Double(rows))
            let low = top * (1 - Double(row + 1) / Double(rows))
            let first = row == rows - 1 ? 0 : Int((low / binHertz + 1e-9).rounded(.down)) + 1
            let end = min(last, Int((high / binHertz + 1e-9).rounded(.down)))
            if first <= end { return first...end }
            let nearest = min(last, max(0, Int(((low + high) / 2 / binHertz).rounded())))
            return nearest...nearest
        }
    }

    /// The column that holds `seconds` (0 for a picture of no length): where a position line or a
    /// loop's mark is drawn.
    public func column(at seconds: Double) -> Int {
        duration > 0 ? min(width - 1, max(0, Int(seconds / duration * Double(width)))) : 0
    }

    /// The row that holds `hertz`.
    public func row(of hertz: Double) -> Int {
        min(height - 1, max(0, Int((1 - hertz / maxHertz) * Double(height))))
    }
}

