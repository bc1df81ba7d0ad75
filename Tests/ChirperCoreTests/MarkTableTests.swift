import ChirperCore
import Foundation
import Testing
import XenoCanto

/// Audacity's labels and Raven's selection tables, written and read: what other tools make of a mark.
@Suite struct MarkTableTests {
    static let regions = [
        MarkedRegion(start: 1.25, end: 2.5, band: 2000...6000, label: "first phrase")!,
        MarkedRegion(start: 4, end: 4, label: "a point")!,
        MarkedRegion(start: 7.125, end: 9, label: "tab\there")!,
    ]

    @Test func audacityLabelsWithBandsReadBackTheSame() throws {
        let text = AudacityLabels.text(Self.regions, bands: 0...22050)
        #expect(text.hasPrefix("1.250000\t2.500000\tfirst phrase\n\\\t2000.000000\t6000.000000\n4.000000\t4.000000\ta point\n"))
        let read = try AudacityLabels.regions(in: text)
        #expect(read.map(\.start) == [1.25, 4, 7.125])
        #expect(read.map(\.band) == [2000...6000, 0...22050, 0...22050])
        #expect(read[2].label == "tab here", "a tab in a label would split its line: it is a space")
    }

    @Test func audacityLabelsWithoutBandsHaveNone() throws {
        let text = AudacityLabels.text(Self.regions, bands: nil)
        #expect(!text.contains("\\"))
        #expect(try AudacityLabels.regions(in: text).map(\.band) == [nil, nil, nil])
    }

    @Test func audacitysOwnFilesAreRead() throws {
        // Windows line ends, a byte-order mark, a band Audacity leaves undefined (-1), a label without text.
        let text = "\u{FEFF}0.5\t1.0\tsong\r\n\\\t-1.000000\t-1.000000\r\n2,5\t3\r\n"
        let read = try AudacityLabels.regions(in: text)
        #expect(read.count == 2)
        #expect(read[0].band == nil && read[0].label == "song")
        #expect(read[1].start == 2.5 && read[1].label == "")
    }

    @Test(arguments: [
        ("0.5\tx\tsong\n", 1, "end"),
        ("0.5\t1\tok\n3\t2\tbackwards\n", 2, "before it begins"),
        ("\\\t1\t2\n", 1, "follows no label"),
        ("0.5\t1\tok\n\\\t9000\t100\n", 2, "low to high"),
        ("1e300\t2\tfar\n", 1, "start"),
        ("just words\n", 1, "start and an end"),
    ])
    func aBadLabelFileIsRefusedNamingTheLine(text: String, line: Int, words: String) {
        #expect {
            _ = try AudacityLabels.regions(in: text)
        } throws: { error in
            guard let problem = error as? MarkTableProblem else { return false }
            return problem.line == line && problem.reason.contains(words)
        }
    }

    @Test func aRavenTableReadsBackTheSame() throws {
        let text = RavenTable.text(Self.regions, fullBand: 0...24000)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "Selection\tView\tChannel\tBegin Time (s)\tEnd Time (s)\tLow Freq (Hz)\tHigh Freq (Hz)\tAnnotation")
        #expect(lines[1] == "1\tSpectrogram 1\t1\t1.250000\t2.500000\t2000.000\t6000.000\tfirst phrase")
        let read = try RavenTable.regions(in: text)
        #expect(read.map(\.end) == [2.5, 4, 9])
        #expect(read.map(\.band) == [2000...6000, 0...24000, 0...24000])
        #expect(read.map(\.label) == ["first phrase", "a point", "tab here"])
    }

    @Test func birdNETsTableIsReadOnceASelectionWithItsConfidence() throws {
        let text = """
            Selection\tView\tChannel\tBegin Time (s)\tEnd Time (s)\tLow Freq (Hz)\tHigh Freq (Hz)\tCommon Name\tSpecies Code\tConfidence\tBegin Path\tFile Offset (s)
            1\tSpectrogram 1\t1\t0\t3.0\t150\t15000\tGreat Tit\tgreti1\t0.8734\t/x/a.wav\t0
            1\tWaveform 1\t1\t0\t3.0\t150\t15000\tGreat Tit\tgreti1\t0.8734\t/x/a.wav\t0
            2\tSpectrogram 1\t1\t6.0\t9.0\t150\t15000\tEurasian Blue Tit\teablti1\t0.51\t/x/a.wav\t6

            """
        let read = try RavenTable.regions(in: text)
        #expect(read.count == 2)
        #expect(read.map(\.label) == ["Great Tit (0.8734)", "Eurasian Blue Tit (0.51)"])
        #expect(read[1].start == 6 && read[1].band == 150...15000)
    }

    @Test func aTableWithoutRavensTimeColumnsIsRefused() {
        #expect(throws: MarkTableProblem.self) { _ = try RavenTable.regions(in: "Start\tStop\n1\t2\n") }
        #expect(throws: MarkTableProblem.self) { _ = try RavenTable.regions(in: "") }
        #expect(throws: MarkTableProblem.self) {
            _ = try RavenTable.regions(in: "Selection\tBegin Time (s)\tEnd Time (s)\n1\t2\tnan\n")
        }
    }

    @Test func regionsAreCheckedWhereTheyAreMade() {
        #expect(MarkedRegion(start: 2, end: 1) == nil)
        #expect(MarkedRegion(start: -1, end: 1) == nil)
        #expect(MarkedRegion(start: 0, end: .infinity) == nil)
        #expect(MarkedRegion(start: 0, end: 1, band: 0...2_000_000) == nil)
        #expect(MarkedRegion.between(3, 1)?.start == 1)
    }

    @Test func decimalsAreFixedWithoutAnExponent() {
        #expect(DecimalText.hundredths(1.5) == "1.50")
        #expect(DecimalText.hundredths(0.004) == "0.00")
        #expect(DecimalText.hundredths(999_999.999) == "1000000.00")
        #expect(MarkTime.text(72.34) == "1:12.3")
    }

    static func json(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    @Test func annotationSetsWrittenAreReadBackTheSame() throws {
        let text = AnnotationSetJSON.text(Self.regions, number: "900133", taxon: "Parus major")
        let read = try AnnotationSetJSON.regions(in: try Self.json(text))
        #expect(read == Self.regions.map { region in var region = region; region.label = region.label.replacingOccurrences(of: "\t", with: " "); return region })
    }

    @Test func annotationSetsAsXenoCantoSendsThemAreRead() throws {
        let recording = """
            {"id": "7", "annotation-set": [{"set_name": "tits", "annotations": [
              {"start_time": "1.5", "end_time": 2, "scientific_name": "Parus major", "sound_type": "song", "frequency_low": 3000, "frequency_high": 7000},
              {"start_time": 3, "end_time": 3.5, "scientific_name": "unidentified"}]}]}
            """
        let read = try AnnotationSetJSON.regions(in: try Self.json(recording))
        #expect(read.map(\.label) == ["Parus major · song", ""])
        #expect(read.map(\.band) == [3000...7000, nil])
        #expect(try AnnotationSetJSON.regions(in: try Self.json(#"{"annotations": [{"start_time": 0, "end_time": 0}]}"#)).count == 1, "one set alone")
    }

    @Test func aBadAnnotationRefusesTheFileNamingIt() throws {
        let late = #"[{"annotations": [{"start_time": 1, "end_time": 2}, {"start_time": 5, "end_time": 4}]}]"#
        let problem = #expect(throws: MarkTableProblem.self) { try AnnotationSetJSON.regions(in: try Self.json(late)) }
        #expect(problem?.description == "annotation 2 of set 1 ends (4.0 s) before it begins (5.0 s)")
        #expect(throws: MarkTableProblem.self) { try AnnotationSetJSON.regions(in: try Self.json(#"[{"annotations": [{"start_time": "soon"}]}]"#)) }
        #expect(throws: MarkTableProblem.self) { try AnnotationSetJSON.regions(in: try Self.json(#"{"recordings": []}"#)) }
        #expect(throws: MarkTableProblem.self) { try AnnotationSetJSON.regions(in: try Self.json(#"[{"annotations": [{"start_time": 1, "end_time": 2, "frequency_low": 9, "frequency_high": 3}]}]"#)) }
    }
}
