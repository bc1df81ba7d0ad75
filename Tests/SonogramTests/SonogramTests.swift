import ChirperCore
import Foundation
import PlaybackModel
import Testing
@testable import Sonogram

@Suite("Sonograms: FFTW spectra, pictures, PNG")
struct SonogramTests {
    static func spectrogram(rate: Int = 44_100, seconds: Double, hertz: (Double) -> Double) throws -> Spectrogram {
        var builder = try SpectrogramBuilder(sampleRate: rate, expectedSeconds: seconds)
        var phase = 0.0
        let samples: [Float] = (0..<Int(seconds * Double(rate))).map { index in
            phase += 2 * Double.pi * hertz(Double(index) / Double(rate)) / Double(rate)
            return Float(0.5 * sin(phase))
        }
        for start in stride(from: 0, to: samples.count, by: 4096) {
            builder.add(Array(samples[start..<min(samples.count, start + 4096)]))
        }
        return builder.finish()
    }

    /// compare: a 24 kHz and a 44.1 kHz recording on one frequency axis (the lower Nyquist) and one
    /// seconds scale; the line only on the side that plays, and each tone on its own row of that axis.
    @Test func twoRecordingsShareOneAxisAndOneSecondsScale() throws {
        let low = try Self.spectrogram(rate: 24_000, seconds: 2) { _ in 3_000 }
        let high = try Self.spectrogram(rate: 44_100, seconds: 4) { _ in 6_000 }
        let frame = CompareFrame([.init(label: "XC1 · Turdus philomelos", spectrogram: low), .init(label: "XC2 · Parus major", spectrogram: high)],
                                 width: 90, lines: 40)
        #expect(frame.topHertz == 7_000, "fitted to the higher sound (6 kHz)")
        #expect(frame.pictures.map(\.maxHertz) == [7_000, 7_000])
        #expect(frame.pictures.map(\.height) == [frame.pictures[1].height, frame.pictures[0].height])
        let (widths, durations) = (frame.pictures.map { Double($0.width) }, [low.duration, high.duration])
        #expect(abs(widths[0] / widths[1] - durations[0] / durations[1]) < 0.03, "the same seconds per column: \(widths), \(durations)")
        #expect(frame.pictures[0].row(of: 3_000) == frame.pictures[1].row(of: 3_000), "one axis")
        let lines = frame.lines(colours: .none, playing: (side: 1, seconds: 2))
        #expect(lines.count == frame.lineCount && lines.count <= 40)
        #expect(lines[0] == "  A · XC1 · Turdus philomelos")
        let second = lines.firstIndex(of: "▶ B · XC2 · Parus major")
        #expect(second != nil, "B plays: \(lines.filter { $0.contains("·") })")
        let axisLabels = lines.filter { $0.contains("kHz ┤") }.map { String($0.prefix(SonogramText.axisWidth)) }
        #expect(Set(axisLabels.prefix(axisLabels.count / 2)) == Set(axisLabels.suffix(axisLabels.count / 2)), "the same labels: \(axisLabels)")
        #expect(lines[..<second!].allSatisfy { !$0.dropFirst(SonogramText.axisWidth).contains("|") }, "no line on A")
        #expect(lines[second!...].contains { $0.dropFirst(SonogramText.axisWidth).contains("|") }, "the line on B")
    }

    @Test func aToneHasItsEnergyInItsOwnRowAndNowhereElseAbove40dB() throws {
        let picture = try SonogramPicture(Self.spectrogram(seconds: 2) { _ in 440 }, width: 60, height: 40, maxHertz: 22_050)
        let row = picture.row(of: 440)
        #expect(picture.maxHertz == 22_050)
        #expect(picture.decibels[row].allSatisfy { $0 > -3 }, "the tone's row is loud all along: \(picture.decibels[row])")
        for other in 0..<picture.height where other != row {
            let loudest = picture.decibels[other].max()!
            #expect(loudest < -40, "row \(other) (\(Int(picture.maxHertz * (1 - Double(other) / 40))) Hz) is at \(loudest) dB")
        }
    }

    /// The row of the loudest pixel in each column: a rising sweep's is never lower than before.
    static func peakRows(_ columns: Int, _ value: (Int, Int) -> Double, rows: Int) -> [Int] {
        (0..<columns).map { x in (0..<rows).max { value($0, x) < value($1, x) }! }
    }

    @Test func aSweepDrawsARisingLineOnTheMatrixAndInThePNG() throws {
        let seconds = 4.0
        let sweep = try Self.spectrogram(seconds: seconds) { t in 1_000 + 2_000 * t / seconds }
        let picture = SonogramPicture(sweep, width: 80, height: 100, maxHertz: 4_000)
        let peaks = Self.peakRows(picture.width, { Double(picture.decibels[$0][$1]) }, rows: picture.height)
        #expect(zip(peaks, peaks.dropFirst()).allSatisfy { $1 <= $0 }, "the line only rises: \(peaks)")
        #expect(abs(peaks.first! - picture.row(of: 1_000)) <= 2 && abs(peaks.last! - picture.row(of: 3_000)) <= 2, "\(peaks)")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString).png").path
        defer { unlink(file) }
        try PNGImage.write(picture, to: file)
        let image = try PNGImage.read(file)
        #expect(image.width == 80 && image.height == 100)
        let brightness = { (row: Int, x: Int) -> Double in
            let index = (row * image.width + x) * 3
            return Double(image.rgb[index]) + Double(image.rgb[index + 1]) + Double(image.rgb[index + 2])
        }
        let pixelPeaks = Self.peakRows(image.width, brightness, rows: image.height)
        // 8-bit colours round two near-equal rows to the same pixel now and then: one row either way.
        #expect(zip(pixelPeaks, peaks).allSatisfy { abs($0 - $1) <= 1 }, "the PNG's brightest pixels trace the same line: \(pixelPeaks)")
        #expect(zip(pixelPeaks, pixelPeaks.dropFirst()).allSatisfy { $1 <= $0 }, "rising in the PNG too")
    }

    @Test func aTenMinuteRecordingEndsInBoundedColumns() throws {
        var builder = try SpectrogramBuilder(sampleRate: 8_000, expectedSeconds: nil)
        let second = [Float](repeating: 0.1, count: 8_000)
        for _ in 0..<600 { builder.add(second) }
        let spectrogram = builder.finish()
        #expect(spectrogram.columns.count <= 2 * SpectrogramBuilder.maxColumns)
        #expect(abs(spectrogram.duration - 600) < 2, "\(spectrogram.duration)")
    }

    @Test func terminalLinesHaveAxesAndScale() throws {
        let picture = try SonogramPicture(Self.spectrogram(rate: 24_000, seconds: 3) { _ in 2_000 }, width: 60, height: 20)
        let lines = SonogramText.lines(picture, colours: .none)
        #expect(lines.count == 10 + 3)
        #expect(lines[0].hasPrefix("   4 kHz ┤"), "fitted to a 2 kHz tone: the 4 kHz least: \(lines[0])")
        #expect(lines[9].hasPrefix("   0 kHz ┤"))
        #expect(lines[10].contains("└┬"))
        #expect(lines[11].contains("0 s") && lines[11].contains("2 s"))
        #expect(lines[12].contains("-80 dB") && lines[12].hasSuffix("0 dB"))
        #expect(lines.allSatisfy { $0.count <= SonogramText.axisWidth + 60 + 8 })
        let coloured = SonogramText.lines(picture, colours: .trueColour)
        #expect(coloured[0].contains("\u{1B}[38;2;") && coloured[0].contains("▀"))
        let whole = try SonogramPicture(Self.spectrogram(rate: 24_000, seconds: 3) { _ in 2_000 }, width: 60, height: 20, maxHertz: 12_000)
        #expect(SonogramText.lines(whole, colours: .none)[0].hasPrefix("  12 kHz ┤"), "--max-khz sets the top")
    }

    /// The PNG figure: the size asked for, the title lines (the attribution), the axes' labels at round kHz
    /// and seconds, the colour scale, each label drawn in ink where it says.
    @Test func aFigureHasItsTitleAxesAndScaleAtTheSizeAskedFor() throws {
        let song = try Self.spectrogram(rate: 44_100, seconds: 3) { second in 2_000 + 1_800 * second }
        let figure = try SonogramFigure(song, title: ["XC9 · Great Tit (Parus major) · song · France", "Ana Sousa · CC BY 4.0 · https://xeno-canto.org/9"],
                                    width: 800, height: 400)
        #expect(figure.width == 800 && figure.height == 400 && figure.rgb.count == 800 * 400 * 3)
        let texts = figure.labels.map(\.text)
        #expect(Array(texts.prefix(2)) == ["XC9 · Great Tit (Parus major) · song · France", "Ana Sousa · CC BY 4.0 · https://xeno-canto.org/9"])
        for text in ["0 kHz", "2 kHz", "8 kHz", "0 s", "1 s", "2 s", "-80 dB", "0 dB"] {
            #expect(texts.contains(text), "\(text) in \(texts)")
        }
        // The top tick's label sits by the plot's first row; its first glyph's pixels are inked.
        let top = try #require(figure.labels.first { $0.text == "8 kHz" })
        #expect(abs(top.y + figure.lineHeight / 2 - figure.plot.y) <= 1, "\(top.y) by \(figure.plot.y)")
        let inked = (top.y..<(top.y + figure.lineHeight)).contains { y in (top.x..<(top.x + 10)).contains { x in figure.rgb[(y * 800 + x) * 3] < 100 } }
        #expect(inked, "the label is drawn")
        let clamped = try SonogramFigure(song, title: [], width: 10, height: 100_000)
        #expect(clamped.width == 300 && clamped.height == 3000, "sizes within range")
        // At the narrowest, the title breaks at its dots and the attribution is all there.
        let narrow = try SonogramFigure(song, title: ["XC9 · Eurasian Blue Tit (Cyanistes caeruleus) · song · United Kingdom",
                                                  "Tom Whitfield · CC BY-SA 4.0 · https://xeno-canto.org/9"], width: 300, height: 400)
        let font = try FigureFont()
        let lines = Array(narrow.labels.prefix { !$0.text.hasSuffix("kHz") }.map(\.text))
        #expect(lines.joined(separator: " · ") == "XC9 · Eurasian Blue Tit (Cyanistes caeruleus) · song · United Kingdom · "
                    + "Tom Whitfield · CC BY-SA 4.0 · https://xeno-canto.org/9", "\(lines)")
        #expect(lines.count > 2 && lines.allSatisfy { font.width($0, pixels: SonogramFigure.smallPixels) <= 300 - 20 }, "in smaller type: \(lines)")
    }

    /// A song below 8 kHz at 44.1 kHz fills an axis to 8 kHz, ticks at round kHz, not a sliver of 22.
    @Test func aSongBelow8kHzFillsTheAxisWithRoundTicks() throws {
        let song = try Self.spectrogram(rate: 44_100, seconds: 3) { second in 2_000 + 1_800 * second }
        #expect(song.fittedTop == 8_000)
        let lines = SonogramText.lines(SonogramPicture(song, width: 60, height: 40), colours: .none)
        let labels = lines.filter { $0.contains("kHz ┤") }.map { $0.prefix(SonogramText.axisWidth).trimmingCharacters(in: .whitespaces) }
        #expect(labels == ["8 kHz ┤", "6 kHz ┤", "4 kHz ┤", "2 kHz ┤", "0 kHz ┤"], "\(labels)")
        let hiss = Spectrogram(sampleRate: 44_100, binCount: 100, columnSeconds: 1, columns: [[Float](repeating: 1, count: 100)])
        #expect(hiss.fittedTop == 22_050, "sound to the top: the whole axis")
        // A song at 7 kHz, 30 dB under a wind's rumble at 200 Hz: its share of the power is tiny, yet it sets the top.
        var column = [Float](repeating: 0, count: 1025)
        (column[9], column[325]) = (1000, 1)
        #expect(Spectrogram(sampleRate: 44_100, binCount: 1025, columnSeconds: 1, columns: [column]).fittedTop == 8_000)
    }
}

@Suite("Sonograms of calls")
struct CallSonogramTests {
    @Test func silencesBetweenCallsStayDarkAtAnyWidth() throws {
        let rate = 22_050
        var builder = try SpectrogramBuilder(sampleRate: rate, expectedSeconds: 7)
        let samples: [Float] = (0..<(7 * rate)).map { index in
            let t = Double(index) / Double(rate)
            return t.truncatingRemainder(dividingBy: 0.6) < 0.35 ? Float(0.5 * sin(2 * Double.pi * 3611 * t)) : 0
        }
        builder.add(samples)
        let spectrogram = builder.finish()
        for width in [90, 400] {
            let picture = SonogramPicture(spectrogram, width: width, height: 300, maxHertz: 6_000)
            let row = picture.row(of: 3611)
            let dark = picture.decibels[row].filter { $0 < -60 }.count
            #expect(dark > width / 8, "width \(width): \(dark) dark pixels in the call's row: \(picture.decibels[row].map { Int($0) })")
        }
    }

    @Test func rowsFinerThanTheBinsLeaveNoStripes() {
        // Noise in every bin of a 2048-point FFT at 44.1 kHz (21.5 Hz a bin), drawn to 8 kHz on 3000 rows
        // (2.7 Hz a row) and on 500: every row shows the noise, none is left black.
        let noise = Spectrogram(sampleRate: 44_100, binCount: 1025, columnSeconds: 0.1,
                                columns: Array(repeating: Array(repeating: 1, count: 1025), count: 20))
        for height in [3000, 500, 7] {
            let picture = SonogramPicture(noise, width: 50, height: height, maxHertz: 8_000)
            let black = picture.decibels.indices.filter { row in picture.decibels[row].contains { $0 <= picture.floor } }
            #expect(black.isEmpty, "height \(height): rows with no bin: \(black.prefix(10))")
        }
        // A tone's bin lights the rows around its frequency, not the whole band.
        var column = [Float](repeating: 0, count: 1025)
        column[140] = 1  // 3014 Hz
        let tone = SonogramPicture(Spectrogram(sampleRate: 44_100, binCount: 1025, columnSeconds: 0.1, columns: [column]),
                                   width: 10, height: 3000, maxHertz: 8_000)
        let lit = tone.decibels.indices.filter { tone.decibels[$0][0] > tone.floor }
        #expect(lit.count >= 1 && lit.count <= 10 && lit.contains(tone.row(of: 3014)), "\(lit)")
    }
}
