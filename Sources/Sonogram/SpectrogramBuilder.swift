import Audio
import PlaybackModel
import SystemAccess

/// Builds a `Spectrogram` from mono samples as they are decoded, in bounded memory: spectra of
/// `fftSize`-sample frames are pooled (loudest per bin) into columns, and when the columns pass
/// `maxColumns × 2` neighbours are merged and each column stands for twice as long. A ten-minute
/// recording and a two-second one both end with at most `2 × maxColumns` columns.
public struct SpectrogramBuilder {
    public let sampleRate: Int
    public let fftSize: Int
    /// Samples between frame starts: half a frame (overlap), or a whole one for long recordings, so a
    /// ten-minute file is drawn in well under a second and no sample is left out.
    public let hop: Int
    static let maxColumns = 1024

    private let analyzer: SpectrumAnalyzer
    private var pending: [Float] = []
    private var spectrum: [Float]
    private var columns: [[Float]] = []
    private var framesPerColumn = 1
    private var column: [Float]
    private var framesInColumn = 0

    /// Fails only when FFTW's library cannot be loaded.
    public init(sampleRate: Int, expectedSeconds: Double?, fftSize: Int = 2048) throws(SharedLibraryMissing) {
        self.sampleRate = sampleRate
        self.fftSize = fftSize
        let expectedFrames = (expectedSeconds ?? 0) * Double(sampleRate) / Double(fftSize / 2)
        hop = expectedFrames > Double(4 * Self.maxColumns) ? fftSize : fftSize / 2
        analyzer = try SpectrumAnalyzer(size: fftSize)
        spectrum = [Float](repeating: 0, count: fftSize / 2 + 1)
        column = spectrum
    }

    /// Adds mono samples (−1…1).
    public mutating func add(_ samples: [Float]) {
        pending += samples
        var start = 0
        while start + fftSize <= pending.count {
            analyzer.power(of: pending, from: start, into: &spectrum)
            for bin in spectrum.indices where spectrum[bin] > column[bin] { column[bin] = spectrum[bin] }
            framesInColumn += 1
            if framesInColumn == framesPerColumn { closeColumn() }
            start += hop
        }
        pending.removeFirst(min(start, pending.count))
    }

    private mutating func closeColumn() {
        columns.append(column)
        column = [Float](repeating: 0, count: spectrum.count)
        framesInColumn = 0
        guard columns.count >= 2 * Self.maxColumns else { return }
        columns = stride(from: 0, to: columns.count - 1, by: 2).map { index in
            zip(columns[index], columns[index + 1]).map { max($0, $1) }
        }
        framesPerColumn *= 2
    }

    /// The spectrogram of everything added. The tail shorter than a frame is left out (padding it would
    /// draw the cut as a click), unless it is all there is.
    public mutating func finish() -> Spectrogram {
        if !pending.isEmpty, columns.isEmpty, framesInColumn == 0 {
            add([Float](repeating: 0, count: fftSize - pending.count))
        }
        if framesInColumn > 0 { closeColumn() }
        return Spectrogram(sampleRate: sampleRate, binCount: spectrum.count,
                           columnSeconds: Double(hop * framesPerColumn) / Double(sampleRate), columns: columns)
    }
}
