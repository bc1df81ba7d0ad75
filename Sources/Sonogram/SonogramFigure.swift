import PlaybackModel

/// A sonogram made for a document (`--png`): a title (the recording, and the attribution its licence
/// asks for), the picture with its frequency axis in kHz and its time axis in seconds, and the colour
/// scale, as RGB pixels on white. Text is drawn by FreeType in DejaVu Sans (`FigureFont`).
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

    /// The text's size in pixels per em, and the title's when a line of it would not fit.
    public static let textPixels = 15
    public static let smallPixels = 11
    /// From the top of a line of text at `textPixels` to the next line's top.
    public let lineHeight: Int

    /// `width` and `height` within `widths` and `heights`; `maxHertz`: the top of the axis (nil: fitted).
    public init(_ spectrogram: Spectrogram, title: [String], width: Int, height: Int, maxHertz: Double? = nil) throws(FigureFontMissing) {
        let font = try FigureFont()
        self.width = min(Self.widths.upperBound, max(Self.widths.lowerBound, width))
        self.height = min(Self.heights.upperBound, max(Self.heights.lowerBound, height))
        rgb = [UInt8](repeating: 255, count: self.width * self.height * 3)
        lineHeight = font.metrics(pixels: Self.textPixels).lineHeight
        let (titleLines, titlePixels) = Self.titleLayout(Array(title.prefix(3)), width: self.width, font: font)
        let titleLine = font.metrics(pixels: titlePixels).lineHeight + 2
        let top = 10 + titleLines.count * titleLine + lineHeight / 2 + 4
        let left = font.width("12.5 kHz", pixels: Self.textPixels) + 18
        let bottom = lineHeight * 2 + 30
        plot = (left, top, max(1, self.width - left - 16), max(1, self.height - top - bottom))
        picture = SonogramPicture(spectrogram, width: plot.width, height: plot.height, maxHertz: maxHertz)

        for (index, line) in titleLines.enumerated() { text(line, x: 10, y: 10 + index * titleLine, pixels: titlePixels, font: font) }
        drawPicture()
        drawFrequencyAxis(font)
        drawTimeAxis(font)
        drawScale(font)
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
    public mutating func draw(_ boxes: [Box]) throws(FigureFontMissing) {
        guard !boxes.isEmpty else { return }
        let font = try FigureFont()
        for box in boxes {
            let left = plot.x + picture.column(at: box.start)
            let right = max(left + 1, plot.x + picture.column(at: box.end))
            let top = plot.y + (box.band.map { picture.row(of: $0.upperBound) } ?? 0)
            let bottom = max(top + 1, plot.y + (box.band.map { picture.row(of: $0.lowerBound) } ?? picture.height - 1))
            fill(x: left, y: top, width: right - left + 1, height: 2, box.colour)
            fill(x: left, y: bottom - 1, width: right - left + 1, height: 2, box.colour)
            fill(x: left, y: top, width: 2, height: bottom - top + 1, box.colour)
            fill(x: right - 1, y: top, width: 2, height: bottom - top + 1, box.colour)
            text(box.label, x: left + 4, y: top + 4, pixels: Self.smallPixels, colour: box.colour, font: font)
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

    private mutating func drawFrequencyAxis(_ font: FigureFont) {
        fill(x: plot.x - 1, y: plot.y, width: 1, height: plot.height + 1, Self.ink)
        for hertz in SonogramTicks.hertz(upTo: picture.maxHertz, room: max(2, plot.height / 40)) {
            let y = hertz == 0 ? plot.y + plot.height - 1 : plot.y + picture.row(of: hertz)
            fill(x: plot.x - 6, y: y, width: 5, height: 1, Self.ink)
            let label = SonogramTicks.label(hertz: hertz)
            text(label, x: plot.x - 8 - font.width(label, pixels: Self.textPixels), y: y - lineHeight / 2, font: font)
        }
    }

    private mutating func drawTimeAxis(_ font: FigureFont) {
        let axis = plot.y + plot.height
        fill(x: plot.x - 1, y: axis, width: plot.width + 1, height: 1, Self.ink)
        let step = SonogramTicks.secondsStep(duration: picture.duration, width: plot.width, spacing: 90)
        var seconds = 0.0
        var free = plot.x  // labels do not overlap
        while seconds <= picture.duration + 1e-9 {
            let x = plot.x + picture.column(at: seconds)
            fill(x: x, y: axis + 1, width: 1, height: 5, Self.ink)
            let label = SonogramTicks.label(seconds: seconds)
            let labelWidth = font.width(label, pixels: Self.textPixels)
            if x >= free, x + labelWidth <= width {
                text(label, x: x, y: axis + 9, font: font)
                free = x + labelWidth + Self.textPixels
            }
            seconds += step
        }
    }

    /// The colour scale: a bar from the floor's colour to 0 dB's, labelled at both ends.
    private mutating func drawScale(_ font: FigureFont) {
        let y = height - lineHeight - 8
        let floorLabel = "\(Int(picture.floor)) dB"
        text(floorLabel, x: plot.x, y: y, font: font)
        let barX = plot.x + font.width(floorLabel, pixels: Self.textPixels) + Self.textPixels
        let barWidth = min(256, max(40, plot.width / 3))
        for column in 0..<barWidth {
            let (r, g, b) = SonogramPalette.colour(Double(column) / Double(barWidth - 1))
            fill(x: barX + column, y: y + 2, width: 1, height: lineHeight - 4, (UInt8(r), UInt8(g), UInt8(b)))
        }
        text("0 dB", x: barX + barWidth + Self.textPixels, y: y, font: font)
    }

    /// The title's lines and their size: as the other text, or smaller when a line would not fit, each
    /// line then broken at its ` · ` as the width needs, so the attribution the licence asks for is all
    /// there on a narrow figure.
    static func titleLayout(_ lines: [String], width: Int, font: FigureFont) -> (lines: [String], pixels: Int) {
        let whole = lines.allSatisfy { font.width($0, pixels: textPixels) <= width - 20 }
        let pixels = whole ? textPixels : smallPixels
        return (wrapped(lines, room: width - 20, font: font, pixels: pixels), pixels)
    }

    /// Each line broken at its ` · ` into lines at most `room` pixels wide; a part too long for a line is
    /// cut to fit and ends in `...`.
    static func wrapped(_ lines: [String], room: Int, font: FigureFont, pixels: Int) -> [String] {
        func fits(_ text: String) -> Bool { font.width(text, pixels: pixels) <= room }
        var out: [String] = []
        for line in lines {
            var current = ""
            for part in line.components(separatedBy: " · ") {
                let piece = fits(part) ? part : font.prefix(of: part, fitting: room - font.width("...", pixels: pixels), pixels: pixels) + "..."
                if current.isEmpty {
                    current = piece
                } else if fits(current + " · " + piece) {
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

    /// Draws `line` from its top-left pixel (the top of its line), as much of it as fits the figure's
    /// width, each glyph's coverage blended over what is there.
    private mutating func text(_ line: String, x: Int, y: Int, pixels: Int = Self.textPixels, colour: (UInt8, UInt8, UInt8) = Self.ink,
                               font: FigureFont) {
        labels.append(Label(text: line, x: x, y: y))
        let ascent = font.metrics(pixels: pixels).ascent
        for glyph in font.layout(line, pixels: pixels) {
            let left = x + glyph.pen + glyph.left
            guard left + glyph.width <= width else { break }
            let top = y + ascent - glyph.top
            for row in 0..<glyph.rows {
                for column in 0..<glyph.width where glyph.coverage[row * glyph.width + column] > 0 {
                    blend(left + column, top + row, colour, glyph.coverage[row * glyph.width + column])
                }
            }
        }
    }

    private mutating func blend(_ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8), _ coverage: UInt8) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        let index = (y * width + x) * 3
        let share = Int(coverage)
        func mix(_ under: UInt8, _ over: UInt8) -> UInt8 { UInt8((Int(under) * (255 - share) + Int(over) * share + 127) / 255) }
        (rgb[index], rgb[index + 1], rgb[index + 2]) = (mix(rgb[index], colour.0), mix(rgb[index + 1], colour.1), mix(rgb[index + 2], colour.2))
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
