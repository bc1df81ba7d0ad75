import ChirperCore
import PlaybackModel
import Testing
import XenoCanto

/// Boxes on the terminal's sonogram: a region outlined at its times and band, in the cells those fall in.
@Suite struct SonogramBoxTextTests {
    /// 4 s over 40 columns (a tenth of a second each), 0–8 kHz over 16 pixel rows (8 lines of 2).
    static let picture = SonogramPicture(Spectrogram(sampleRate: 16_000, binCount: 9, columnSeconds: 0.1,
                                                     columns: Array(repeating: [Float](repeating: 0.001, count: 9), count: 40)),
                                         width: 40, height: 16, maxHertz: 8_000)

    @Test func aRegionIsOutlinedAtItsTimesAndBand() throws {
        // 1.0–2.0 s → columns 10…20; 6–2 kHz → pixel rows 4…12 → lines 2…6.
        let region = try #require(MarkedRegion(start: 1, end: 2, band: 2_000...6_000))
        let lines = SonogramText.lines(Self.picture, colours: .none, boxes: [region])
        func cell(_ line: Int, _ column: Int) -> Character { Array(lines[line])[SonogramText.axisWidth + column] }
        #expect(cell(2, 10) == "┌" && cell(2, 20) == "┐" && cell(6, 10) == "└" && cell(6, 20) == "┘", "\(lines.joined(separator: "\n"))")
        #expect(cell(2, 15) == "─" && cell(6, 15) == "─" && cell(4, 10) == "│" && cell(4, 20) == "│")
        #expect(cell(4, 15) != "│" && cell(1, 15) != "─" && cell(7, 15) != "─" && cell(4, 9) != "│", "nothing outside its edges")
    }

    @Test func aRegionWithoutABandSpansEveryFrequency() throws {
        let region = try #require(MarkedRegion(start: 3, end: 3.5))
        let lines = SonogramText.lines(Self.picture, colours: .none, boxes: [region])
        let column = SonogramText.axisWidth + 30
        #expect(Array(lines[0])[column] == "┌" && Array(lines[7])[column] == "└", "\(lines.joined(separator: "\n"))")
    }
}
