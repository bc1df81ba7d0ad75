import Testing
import XenoCanto
@testable import ChirperCore

@Suite("The results table on narrow terminals")
struct RecordingTableTests {
    static let rows = [
        Row(recording: Recording(id: "900130", genus: "Turdus", species: "rufiventris", englishName: "Rufous-bellied Thrush", recordist: "Tom Whitfield",
                                 country: "Brazil", soundType: "song", fileURL: "http://x/1", quality: "B", length: "0:09")),
        Row(recording: Recording(id: "900131", genus: "Parus", species: "major", englishName: "Great Tit", recordist: "Ana Sousa",
                                 country: "United Kingdom", soundType: "call", fileURL: "http://x/2", quality: "A", length: "0:02")),
    ]

    func table(_ width: Int) -> (header: String, lines: [String]) {
        let table = RecordingTable(rows: Self.rows, width: width, marker: { _ in " " })
        return (table.header, Self.rows.indices.map(table.line(at:)))
    }

    @Test func atSixtyColumnsTypeAndQualityStayAndCountryAndRecordistGo() {
        let (header, lines) = table(60)
        #expect(header.contains("Type") && header.contains("Q") && header.contains("Length"), "\(header)")
        #expect(!header.contains("Country") && !header.contains("Recordist"), "\(header)")
        #expect(lines[0].contains("song") && lines[1].contains("call") && lines.allSatisfy { TextWidth.of($0) <= 60 }, "\(lines)")
        #expect(lines[0].contains("Rufous-bellied Thrush"), "the English name whole, the scientific one gone first: \(lines[0])")
    }

    @Test func theNamesAreCutLastWhereEveryColumnFits() {
        let (header, lines) = table(100)
        #expect(header.contains("Country") && header.contains("Recordist"), "\(header)")
        #expect(lines[0].contains("Rufous-bellied Thrush") && lines[0].contains("Turdus rufiventris"), "both names whole, the others cut: \(lines[0])")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 100 })
    }

    @Test func atFortyColumnsTheEnglishNameStays() {
        let (header, lines) = table(40)
        #expect(header.contains("English name") && !header.contains("Scientific"), "\(header)")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 40 })
    }

    @Test func aLongEnglishNameIsCutRatherThanTheTypeAndQuality() {
        let long = Row(recording: Recording(id: "900132", genus: "Bycanistes", species: "subcylindricus",
                                            englishName: "Black-and-white-casqued Hornbill", recordist: "Ana Sousa", country: "Uganda",
                                            soundType: "alarm call", fileURL: "http://x/3", quality: "C", length: "1:02"))
        let rows = Self.rows + [long]
        let table = RecordingTable(rows: rows, width: 60, marker: { _ in " " })
        let lines = rows.indices.map(table.line(at:))
        #expect(table.header.contains("Type") && table.header.contains("Q") && table.header.contains("Length"), "\(table.header)")
        #expect(lines[2].contains("Black-and-white") && lines[2].contains("…") && lines[2].contains("alarm") && lines[2].contains(" C "), "\(lines[2])")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 60 }, "\(lines)")
    }
}
