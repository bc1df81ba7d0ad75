import PlaybackModel

/// Two recordings' sonograms stacked for `chirper compare`: one frequency axis (the same top for both)
/// and one seconds scale (a recording half as long is drawn half as wide), each under its label. The
/// side that plays is marked ▶ and carries the position line. The pictures are made once per size;
/// drawing a position only places the line.
public struct CompareFrame: Sendable {
    public struct Side: Sendable {
        /// "XC900002 · Parus major · song · Germany · Ana Sousa".
        public let label: String
        public let spectrogram: Spectrogram

        public init(label: String, spectrogram: Spectrogram) {
            self.label = label
            self.spectrogram = spectrogram
        }
    }

    public let sides: [Side]
    public let pictures: [SonogramPicture]
    /// Cells across: labels are cut to it, so each line of the frame is one line of the terminal.
    public let width: Int
    /// The top of both frequency axes.
    public let topHertz: Double
    /// Lines `lines(…)` returns.
    public var lineCount: Int { pictures.reduce(0) { $0 + 1 + ($1.height + 1) / 2 + 3 } }

    /// Lines of the terminal each sonogram takes at the least (axes and scale included).
    public static let smallestSonogram = 6

    /// `width` × `lines` cells for both; `maxHertz`: the top of the shared axis; nil: fitted to the
    /// higher of the two sounds. Never above the lower Nyquist frequency (both have sound up to there;
    /// the higher one's top would leave the other blank).
    public init(_ sides: [Side], width: Int, lines: Int, maxHertz: Double? = nil) {
        self.sides = sides
        self.width = width
        let nyquist = sides.map(\.spectrogram.nyquist).min() ?? 1
        let top = min(maxHertz ?? sides.map(\.spectrogram.fittedTop).max() ?? nyquist, nyquist)
        topHertz = top
        let longest = max(0.001, sides.map(\.spectrogram.duration).max() ?? 0)
        let each = max(Self.smallestSonogram, lines / max(1, sides.count) - 1)
        let size = SonogramText.pictureSize(width: width, lines: each)
        pictures = sides.map { side in
            let columns = max(1, Int((Double(size.width) * side.spectrogram.duration / longest).rounded()))
            return SonogramPicture(side.spectrogram, width: columns, height: size.height, maxHertz: top)
        }
    }

    /// The frame: each side's label line, then its sonogram. `playing`: the side that plays and the
    /// seconds heard into it (the line drawn there), nil when none plays.
    public func lines(colours: SonogramText.Colours, playing: (side: Int, seconds: Double)? = nil) -> [String] {
        var lines: [String] = []
        for (index, side) in sides.enumerated() {
            let picture = pictures[index]
            let plays = playing?.side == index
            let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index)))
            lines.append(TextWidth.truncate((plays ? "▶ " : "  ") + letter + " · " + side.label, to: width))
            let marker = plays ? playing.map { picture.column(at: $0.seconds) } : nil
            lines += SonogramText.lines(picture, colours: colours, marker: marker)
        }
        return lines
    }
}
