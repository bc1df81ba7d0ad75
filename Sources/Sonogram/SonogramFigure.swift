import PlaybackModel

/// A sonogram made for a document (`--png`): a title (the recording, and the attribution its licence
/// asks for), the picture with its frequency axis in kHz and its time axis in seconds, and the colour
/// scale, as RGB pixels on white.
public struct SonogramFigure: Sendable {
    /// A text drawn on the figure and where its top-left pixel is.
    public struct Label: Sendable, Equatable {
        public var text: String
        public var x: Int
        public var y: Int
    }

    public static let widths = 300...4000
    public static let heights = 200...3000
    public static let standardSize = (width: 1000, height: 500)

    public let width: Int
    public let height: Int
    public private(set) var rgb: [UInt8]
    public private(set) var labels: [Label] = []
    /// Where the sonogram's pixels are.
    public let plot: (x: Int, y: Int, width: Int, height: Int)
    public let picture: SonogramPicture

    /// Glyphs drawn at twice their size: 10×14 pixels, 12 apart.
    static let scale = 2
    static let advance = (BitmapFont.glyphWidth + 1) * scale
    static let lineHeight = BitmapFont.glyphHeight * scale

    /// `width` and `height` within `widths` and `heights`; `maxHertz`: the top of the axis (nil: fitted).
    public init(_ spectrogram: Spectrogram, title: [String], width: Int, height: Int, maxHertz: Double? = nil) {
        self.width = min(Self.widths.upperBound, max(Self.widths.lowerBound, width))
        self.height = min(Self.heights.upperBound, max(Self.heights.lowerBound, height))
        rgb = [UInt8](repeating: 255, count: self.width * self.height * 3)
        let (titleLines, titleScale) = Self.titleLayout(Array(title.prefix(3)), width: self.width)
        let titleLine = BitmapFont.glyphHeight * titleScale + 6
        let top = 10 + titleLines.count * titleLine + Self.lineHeight / 2 + 4
        let left = Self.advance * 8 + 10  // room for "12.5 kHz"
        let bottom = Self.lineHeight * 2 + 34
        plot = (left, top, max(1, self.width - left - 16), max(1, self.height - top - bottom))
        picture = SonogramPicture(spectrogram, width: plot.width, height: plot.height, maxHertz: maxHertz)

        for (index, line) in titleLines.enumerated() { text(line, x: 10, y: 10 + index * titleLine, scale: titleScale) }
        drawPicture()
        drawFrequencyAxis()
        drawTimeAxis()
        drawScale()
    }

    /// A region drawn over the picture: from `start` to `end` seconds, over its band (else every
    /// frequency), its label at its top left. Annotations (xeno-canto's sets) and marks (the listener's)
    /// have colours of their own, neither in the sonogram's palette.
    public struct Box: Sendable, Equatable {
        public enum Kind: Sendable { case annotation, mark }
        public var start: Double
        public var end: Double
        public var band: ClosedRange<Double>?
        public var label: String
        public var kind: Kind

        public init(start: Double, end: Double, band: ClosedRange<Double>?, label: String, kind: Kind) {
            (self.start, self.end, self.band, self.label, self.kind) = (start, end, band, label, kind)
        }

        public var colour: (UInt8, UInt8, UInt8) { kind == .annotation ? (0, 255, 255) : (0, 255, 0) }
    }

    /// Draws `boxes` over the picture, each outlined two pixels wide: a box above the axis's top is
    /// drawn at the top, one past the end at the end.
    public mutating func draw(_ boxes: [Box]) {
        for box in boxes {
            let left = plot.x + picture.column(at: box.start)
            let right = max(left + 1, plot.x + picture.column(at: box.end))
            let top = plot.y + (box.band.map { picture.row(of: $0.upperBound) } ?? 0)
            let bottom = max(top + 1, plot.y + (box.band.map { picture.row(of: $0.lowerBound) } ?? picture.height - 1))
            fill(x: left, y: top, width: right - left + 1, height: 2, box.colour)
            fill(x: left, y: bottom - 1, width: right - left + 1, height: 2, box.colour)
            fill(x: left, y: top, width: 2, height: bottom - top + 1, box.colour)
            fill(x: right - 1, y: top, width: 2, height: bottom - top + 1, box.colour)
            text(box.label, x: left + 4, y: top + 4, scale: 1, colour: box.colour)
        }
    }

    private mutating func drawPicture() {
        for row in 0..<picture.height {
            for column in 0..<picture.width {
                let (r, g, b) = SonogramPalette.colour(SonogramPalette.level(picture.decibels[row][column], picture.floor))
                set(plot.x + column, plot.y + row, (UInt8(r), UInt8(g), UInt8(b)))
            }
        }
    }

    private mutating func drawFrequencyAxis() {
        fill(x: plot.x - 1, y: plot.y, width: 1, height: plot.height + 1, Self.ink)
        for hertz in SonogramTicks.hertz(upTo: picture.maxHertz, room: max(2, plot.height / 40)) {
            let y = hertz == 0 ? plot.y + plot.height - 1 : plot.y + picture.row(of: hertz)
            fill(x: plot.x - 6, y: y, width: 5, height: 1, Self.ink)
            let label = SonogramTicks.label(hertz: hertz)
            text(label, x: plot.x - 8 - label.count * Self.advance, y: y - Self.lineHeight / 2)
        }
    }

    private mutating func drawTimeAxis() {
        let axis = plot.y + plot.height
        fill(x: plot.x - 1, y: axis, width: plot.width + 1, height: 1, Self.ink)
        let step = SonogramTicks.secondsStep(duration: picture.duration, width: plot.width, spacing: 90)
        var seconds = 0.0
        var free = plot.x  // labels do not overlap
        while seconds <= picture.duration + 1e-9 {
            let x = plot.x + picture.column(at: seconds)
            fill(x: x, y: axis + 1, width: 1, height: 5, Self.ink)
            let label = SonogramTicks.label(seconds: seconds)
            if x >= free, x + label.count * Self.advance <= width {
                text(label, x: x, y: axis + 9)
                free = x + (label.count + 1) * Self.advance
            }
            seconds += step
        }
    }

    /// The colour scale: a bar from the floor's colour to 0 dB's, labelled at both ends.
    private mutating func drawScale() {
        let y = height - Self.lineHeight - 8
        let floorLabel = "\(Int(picture.floor)) dB"
        text(floorLabel, x: plot.x, y: y)
        let barX = plot.x + (floorLabel.count + 1) * Self.advance
        let barWidth = min(256, max(40, plot.width / 3))
        for column in 0..<barWidth {
            let (r, g, b) = SonogramPalette.colour(Double(column) / Double(barWidth - 1))
            fill(x: barX + column, y: y, width: 1, height: Self.lineHeight, (UInt8(r), UInt8(g), UInt8(b)))
        }
        text("0 dB", x: barX + barWidth + Self.advance, y: y)
    }

    /// The title's lines and the size of their glyphs: as the other text, or half that when a line would
    /// not fit, each line then broken at its ` · ` as the width needs, so the attribution the licence
    /// asks for is all there on a narrow figure.
    static func titleLayout(_ lines: [String], width: Int) -> (lines: [String], scale: Int) {
        let whole = lines.allSatisfy { $0.count * Self.advance <= width - 20 }
        let scale = whole ? Self.scale : 1
        return (wrapped(lines, columns: (width - 20) / ((BitmapFont.glyphWidth + 1) * scale)), scale)
    }

    /// Each line broken at its ` · ` into as many lines as `columns` need; a part longer than a line
    /// ends in `...`.
    static func wrapped(_ lines: [String], columns: Int) -> [String] {
        let columns = max(8, columns)
        var out: [String] = []
        for line in lines {
            var current = ""
            for part in line.components(separatedBy: " · ") {
                let piece = part.count > columns ? String(part.prefix(columns - 3)) + "..." : part
                if current.isEmpty {
                    current = piece
                } else if current.count + 3 + piece.count <= columns {
                    current += " · " + piece
                } else {
                    out.append(current)
                    current = piece
                }
            }
            out.append(current)
        }
        return out
    }

    // MARK: Pixels

    static let ink: (UInt8, UInt8, UInt8) = (20, 20, 20)

    /// Draws `line` from its top-left pixel, as much of it as fits the figure's width.
    private mutating func text(_ line: String, x: Int, y: Int, scale: Int = Self.scale, colour: (UInt8, UInt8, UInt8) = Self.ink) {
        labels.append(Label(text: line, x: x, y: y))
        let advance = (BitmapFont.glyphWidth + 1) * scale
        for (index, character) in line.enumerated() {
            let left = x + index * advance
            guard left + advance <= width else { break }
            for (column, bits) in BitmapFont.glyph(character).enumerated() {
                for row in 0..<BitmapFont.glyphHeight where bits & (1 << row) != 0 {
                    fill(x: left + column * scale, y: y + row * scale, width: scale, height: scale, colour)
                }
            }
        }
    }

    private mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ colour: (UInt8, UInt8, UInt8)) {
        guard w > 0, h > 0 else { return }
        for row in y..<(y + h) {
            for column in x..<(x + w) { set(column, row, colour) }
        }
    }

    private mutating func set(_ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8)) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        let index = (y * width + x) * 3
        (rgb[index], rgb[index + 1], rgb[index + 2]) = colour
    }
}
