import Testing
import XenoCanto
@testable import ChirperCore

@Suite("A recording's details as sections")
struct RecordingSectionTests {
    func titles(_ recording: Recording) -> [String] { RecordingSection.sections(of: recording).map(\.title) }

    @Test func sectionsExistOnlyWithTheirData() {
        let bare = Recording(id: "1", genus: "Parus", species: "major", englishName: "Great Tit", recordist: "Jane Doe",
                             country: "France", length: "0:21", date: "2020-05-01")
        #expect(titles(bare) == ["Recording", "Place", "Time", "Sound", "People and licence"])
        let place = RecordingSection.sections(of: bare)[1]
        #expect(place == .place([.init(label: "Country", value: "France")]), "no coordinates, no altitude")

        var full = bare
        full.latitude = "48.4"
        full.longitude = "2.7"
        full.remarks = "Dawn."
        full.backgroundSpecies = ["Turdus merula", "Erithacus rubecula"]
        full.licence = "//creativecommons.org/licenses/by-nc-sa/4.0/"
        full.pageURL = "//xeno-canto.org/1"
        let sections = RecordingSection.sections(of: full)
        #expect(sections.map(\.title) == ["Recording", "Place", "Time", "Sound", "People and licence", "Remarks", "Background species"])
        #expect(sections[1].items.contains(.init(label: "Coordinates", value: "48.4, 2.7")))
        #expect(sections[4].items == [
            .init(label: "Recordist", value: "Jane Doe"),
            .init(label: "Licence", value: "CC BY-NC-SA 4.0 (Attribution-NonCommercial-ShareAlike 4.0 International)"),
            .init(label: "Page", value: "https://xeno-canto.org/1"),
        ])
        #expect(sections[6] == .background(["Turdus merula", "Erithacus rubecula"]))
    }

    @Test func everyFieldAPersonCanReadIsShown() {
        var recording = Recording(id: "1", englishName: "Great Tit", country: "France", animalSeen: "yes", playbackUsed: "no",
                                  temperature: "12", registrationNumber: "ZMB 2011/34", automatic: "no")
        recording.annotations = ["0.25 s · song"]
        let lines = RecordingSection.lines(RecordingSection.sections(of: recording))
        for text in ["  Animal seen          yes", "  Playback used        no", "  Registration number  ZMB 2011/34", "  Automatic            no",
                     "  Temperature          12 °C", "Annotations", "  0.25 s · song"] {
            #expect(lines.contains(text), "\(text): \(lines)")
        }
    }

    @Test func linesHaveTitlesAndAlignedLabels() {
        let lines = RecordingSection.lines(RecordingSection.sections(of: Recording(id: "9", englishName: "Tawny Owl", remarks: "Near.")))
        #expect(lines == ["Recording", "  XC number  XC9", "  Species    Tawny Owl", "", "Remarks", "  Near."])
    }
}
