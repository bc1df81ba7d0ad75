import Foundation
import PlaybackModel
import Testing
@testable import Sonogram

/// The figure's text as FreeType draws DejaVu Sans: every glyph of a title with accents and a middle
/// dot is the font's own glyph of that character (none replaced, none dropped), blended into the
/// pixels where the line puts it, on the narrowest figure and a wide one.
@Suite struct FigureTextTests {
    static func song() -> Spectrogram {
        let columns = (0..<100).map { column in (0..<257).map { bin in bin == 40 + column % 20 ? Float(1) : Float(1e-9) } }
        return Spectrogram(sampleRate: 22_050, binCount: 257, columnSeconds: 0.03, columns: columns)
    }

    @Test(arguments: [300, 1000])
    func eachGlyphOfTheTitleIsFreeTypesOwnWhereTheLinePutsIt(width: Int) throws {
        let title = "Lucía · song · XC900001 · CC BY-NC-SA 4.0"
        let figure = try SonogramFigure(Self.song(), title: [title], width: width, height: 400)
        let font = try FigureFont()
        let lines = Array(figure.labels.prefix { !$0.text.hasSuffix("kHz") })
        #expect(lines.map(\.text).joined(separator: " · ") == title, "\(lines.map(\.text))")
        // Smaller type when the line does not fit at the text's size.
        let fits = font.width(title, pixels: SonogramFigure.textPixels) <= width - 20
        let pixels = fits ? SonogramFigure.textPixels : SonogramFigure.smallPixels
        #expect(fits == (width == 1000))
        let ascent = font.metrics(pixels: pixels).ascent
        // What the lines should be: each glyph's coverage blended, in order, ink (20) over white.
        var expected: [Int: Int] = [:]
        for line in lines {
            let glyphs = font.layout(line.text, pixels: pixels)
            #expect(glyphs.count == line.text.unicodeScalars.count && glyphs.allSatisfy { !$0.replaced }, "\(line.text)")
            for glyph in glyphs {
                for row in 0..<glyph.rows {
                    for column in 0..<glyph.width {
                        let key = (line.y + ascent - glyph.top + row) * figure.width + line.x + glyph.pen + glyph.left + column
                        let share = Int(glyph.coverage[row * glyph.width + column])
                        expected[key] = ((expected[key] ?? 255) * (255 - share) + 20 * share + 127) / 255
                    }
                }
            }
        }
        let wrong = expected.filter { key, value in abs(Int(figure.rgb[key * 3]) - value) > 1 }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ, at \(wrong.keys.sorted().prefix(5).map { ($0 % figure.width, $0 / figure.width) })")
        let drawn = expected.values.filter { $0 < 200 }.count
        #expect(drawn > 200, "the title is inked")
    }

    /// The characters the hand-made font drew wrong are each their own glyph: í is not i, · is not ., g
    /// and j keep their tails below the baseline; one the font lacks is drawn as its replacement.
    @Test func marksTailsAndMissingCharactersAreDrawn() throws {
        let font = try FigureFont()
        func glyph(_ text: String) throws -> FigureFont.Glyph { try #require(font.layout(text, pixels: SonogramFigure.textPixels).first) }
        #expect(try glyph("í").coverage != glyph("i").coverage && glyph("í").top > glyph("i").top)
        #expect(try glyph("·").top > glyph(".").top + 2, "a middle dot sits above the baseline")
        #expect(try glyph("g").rows > glyph("g").top && glyph("j").rows > glyph("j").top, "tails below the baseline")
        let bird = try glyph("🐦")
        #expect(bird.replaced && bird.coverage.contains { $0 > 0 }, "a visible replacement")
    }

    /// A part of the title longer than a line (a name from the API can be any length) is cut to the
    /// line and ends in ..., the rest of the title kept whole.
    @Test func aPartLongerThanALineIsCutToIt() throws {
        let long = String(repeating: "Lucía ", count: 400)
        let figure = try SonogramFigure(Self.song(), title: ["XC9 · " + long + "· song"], width: 300, height: 400)
        let font = try FigureFont()
        let lines = figure.labels.prefix { !$0.text.hasSuffix("kHz") }.map(\.text)
        #expect(lines.count == 3 && lines[0] == "XC9" && lines[2] == "song", "\(lines.map { $0.prefix(40) })")
        #expect(lines[1].hasSuffix("...") && long.hasPrefix(String(lines[1].dropLast(3))), "\(lines[1])")
        #expect(lines.allSatisfy { font.width($0, pixels: SonogramFigure.smallPixels) <= 300 - 20 })
        #expect(font.width(lines[1], pixels: SonogramFigure.smallPixels) > 300 - 20 - font.width("Lucía", pixels: SonogramFigure.smallPixels),
                "cut near the line's end, not far before it")
    }
}
