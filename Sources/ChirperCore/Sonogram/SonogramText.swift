import PlaybackModel
import XenoCanto

/// A sonogram as terminal lines: two pixel rows a line with the upper half block (the foreground
/// colours the upper pixel, the background the lower), a frequency axis in kHz on the left, a time axis
/// in seconds below and a colour scale in dB. Without colours, shades (░▒▓█) of the louder pixel.
public enum SonogramText {
    public enum Colours: Equatable, Sendable {
        case trueColour, palette256, none
    }

    /// Cells the frequency labels and the axis line take: " 7.5 kHz ┤".
    public static let axisWidth = 10

    /// The picture size (pixels) that fills `width` × `lines` cells with axes and scale.
    public static func pictureSize(width: Int, lines: Int) -> (width: Int, height: Int) {
        (max(1, width - axisWidth), max(1, (lines - 3) * 2))
    }

    /// `marker`: a column to draw as a vertical line (the playing position), when given; `marks`: columns
    /// drawn as dotted lines (a loop's start and end); `boxes`: regions outlined at their times and bands
    /// (an annotation's or a mark's).
    public static func lines(_ picture: SonogramPicture, colours: Colours, marker: Int? = nil, marks: [Int] = [],
                             boxes: [MarkedRegion] = []) -> [String] {
        let outlines = boxes.map { Outline($0, in: picture) }
        var lines: [String] = []
        let textRows = (picture.height + 1) / 2
        let ticks = ticks(picture, lines: textRows)
        for line in 0..<textRows {
            let upper = line * 2
            let lower = min(picture.height - 1, upper + 1)
            let label: String
            if let hertz = ticks[line] {
                label = pad(SonogramTicks.label(hertz: hertz), to: axisWidth - 2) + " ┤"
            } else {
                label = String(repeating: " ", count: axisWidth - 1) + "│"
            }
            var text = label
            for x in 0..<picture.width {
                let (top, bottom) = (picture.decibels[upper][x], picture.decibels[lower][x])
                if x == marker {
                    text += colours == .none ? "|" : TerminalEscape.reset + "│"
                    continue
                }
                if marks.contains(x) {
                    text += colours == .none ? "┊" : TerminalEscape.reset + "┊"
                    continue
                }
                if let edge = outlines.lazy.compactMap({ $0.edge(x: x, rows: upper...lower) }).first {
                    text += boxCell(edge, colours: colours)
                    continue
                }
                text += cell(top: SonogramPalette.level(top, picture.floor), bottom: SonogramPalette.level(bottom, picture.floor), colours: colours)
            }
            lines.append(text + (colours == .none ? "" : TerminalEscape.reset))
        }
        lines.append(String(repeating: " ", count: axisWidth - 1) + "└" + timeTicks(picture))
        lines.append(String(repeating: " ", count: axisWidth) + timeLabels(picture))
        lines.append(scale(picture, colours: colours))
        return lines
    }

    // MARK: Cells and colours

    static let shades: [Character] = [" ", "░", "▒", "▓", "█"]

    /// A box's edge, in cyan on the palette's floor where there are colours (as the PNG's boxes).
    static func boxCell(_ edge: Character, colours: Colours) -> String {
        switch colours {
        case .none: String(edge)
        case .trueColour: TerminalEscape.colours(foreground: (0, 255, 255), background: (0, 0, 4)) + String(edge)
        case .palette256: TerminalEscape.colours(foreground256: 51, background256: 16) + String(edge)
        }
    }

    static func cell(top: Double, bottom: Double, colours: Colours) -> String {
        switch colours {
        case .none:
            let louder = max(top, bottom)
            return String(shades[min(shades.count - 1, Int(louder * Double(shades.count - 1) + 0.5))])
        case .trueColour:
            let (t, b) = (SonogramPalette.colour(top), SonogramPalette.colour(bottom))
            return TerminalEscape.colours(foreground: t, background: b) + "▀"
        case .palette256:
            return TerminalEscape.colours(foreground256: SonogramPalette.index256(top), background256: SonogramPalette.index256(bottom)) + "▀"
        }
    }

    // MARK: Axes and scale

    /// The frequency axis's ticks by text line: round kHz (a step of 0.5, 1, 2, 5 or 10 kHz, as many
    /// as fit a tick every third line), 0 on the last line, the top on the first when it is round.
    static func ticks(_ picture: SonogramPicture, lines: Int) -> [Int: Double] {
        var ticks: [Int: Double] = [:]
        for hertz in SonogramTicks.hertz(upTo: picture.maxHertz, room: max(2, lines / 3)) {
            let line = hertz == 0 ? lines - 1 : picture.row(of: hertz) / 2
            if ticks[line] == nil { ticks[line] = hertz }
        }
        // The top is said too when the step passes it by (a --max-khz of 12 by 5 kHz).
        if ticks[0] == nil, picture.maxHertz.truncatingRemainder(dividingBy: 500) == 0 { ticks[0] = picture.maxHertz }
        return ticks
    }

    static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// A tick every ~10 columns at a round number of seconds.
    static func tickSeconds(_ picture: SonogramPicture) -> Double {
        SonogramTicks.secondsStep(duration: picture.duration, width: picture.width, spacing: 10)
    }

    static func timeTicks(_ picture: SonogramPicture) -> String {
        var line = [Character](repeating: "─", count: picture.width)
        let step = tickSeconds(picture)
        var t = 0.0
        while t <= picture.duration {
            let x = picture.column(at: t)
            if x < line.count { line[x] = "┬" }
            t += step
        }
        return String(line)
    }

    static func timeLabels(_ picture: SonogramPicture) -> String {
        var line = [Character](repeating: " ", count: picture.width + 8)
        let step = tickSeconds(picture)
        var t = 0.0
        while t <= picture.duration {
            let label = SonogramTicks.label(seconds: t)
            let x = picture.column(at: t)
            if x + label.count <= line.count, line[x..<(x + label.count)].allSatisfy({ $0 == " " }), x == 0 || line[x - 1] == " " {
                line.replaceSubrange(x..<(x + label.count), with: Array(label))
            }
            t += step
        }
        return String(String(line).reversed().drop { $0 == " " }.reversed())
    }

    static func scale(_ picture: SonogramPicture, colours: Colours) -> String {
        let steps = 16
        var text = String(repeating: " ", count: axisWidth) + "\(Int(picture.floor)) dB "
        for step in 0..<steps {
            let value = Double(step) / Double(steps - 1)
            text += colours == .none ? cell(top: value, bottom: value, colours: .none) : cell(top: value, bottom: value, colours: colours)
        }
        return text + (colours == .none ? "" : TerminalEscape.reset) + " 0 dB"
    }

    /// A region's outline in the picture's pixels: columns `left...right`, rows `top...bottom`.
    struct Outline {
        let left: Int, right: Int, top: Int, bottom: Int

        init(_ region: MarkedRegion, in picture: SonogramPicture) {
            left = picture.column(at: region.start)
            right = max(left, picture.column(at: region.end))
            top = region.band.map { picture.row(of: $0.upperBound) } ?? 0
            bottom = max(top, region.band.map { picture.row(of: $0.lowerBound) } ?? picture.height - 1)
        }

        /// The box's character in the cell of column `x` whose pixel rows are `rows`, or nil off its edges.
        func edge(x: Int, rows: ClosedRange<Int>) -> Character? {
            guard (left...right).contains(x), rows.overlaps(top...bottom) else { return nil }
            let (atTop, atBottom) = (rows.contains(top), rows.contains(bottom))
            let side = x == left || x == right
            switch (atTop, atBottom, x == left, x == right) {
            case (true, _, true, _): return "┌"
            case (true, _, _, true): return "┐"
            case (_, true, true, _): return "└"
            case (_, true, _, true): return "┘"
            case (true, _, _, _), (_, true, _, _): return "─"
            default: return side ? "│" : nil
            }
        }
    }
}
