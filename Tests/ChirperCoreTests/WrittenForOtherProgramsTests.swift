import ChirperCore
import Testing
import XenoCanto

/// Text from a server written into a document another program reads: as that program's literal text,
/// and every link made by Chirper from what it recognises.
@Suite("text written for other programs")
struct WrittenForOtherProgramsTests {
    static let hostile = "[click](https://phish.example) <script>alert(1)</script> *bold* `code` &amp; # | ~~x~~ !x\\ _y_"

    @Test func markdownLiteralsEscapeEveryASCIIPunctuationAndControl() {
        let literal = MarkdownText.literal(Self.hostile + "\n# heading\u{1B}[2J")
        #expect(!literal.contains("\n") && !literal.contains("\u{1B}"))
        var previous: Character = " "
        for character in literal {
            if character.isASCII, character.isPunctuation || character.isSymbol, character != "\\" {
                #expect(previous == "\\", "\(character) in \(literal)")
            }
            previous = previous == "\\" && character == "\\" ? " " : character
        }
        #expect(MarkdownText.literal("Lucía Pérez") == "Lucía Pérez")
    }

    @Test func licencesAreRecognisedByCodeAndVersionAndTheirLinksMadeFromThem() {
        #expect(KnownLicence(field: "//creativecommons.org/licenses/by-nc-sa/4.0/")?.link == "https://creativecommons.org/licenses/by-nc-sa/4.0/")
        #expect(KnownLicence(field: "https://creativecommons.org/publicdomain/zero/1.0/")?.shortName == "CC0 1.0")
        for field in ["//evil.example/licenses/by/4.0/", "javascript:alert(1)//creativecommons.org/licenses/by/4.0/",
                      "//creativecommons.org/licenses/by/9.9/", "//creativecommons.org/licenses/by-evil/4.0/",
                      "//creativecommons.org.evil.example/licenses/by/4.0/", "//creativecommons.org/licenses/by/4.0/extra"] {
            #expect(KnownLicence(field: field) == nil, "\(field)")
        }
    }

    @Test func onlyALicenceChirperRecognisesAsFreeIsShared() {
        func limits(_ field: String?) -> Bool {
            var recording = Fixtures.recording(1)
            recording.licence = field
            return PackDocuments.limitsSharing(recording)
        }
        #expect(!limits("//creativecommons.org/licenses/by-sa/4.0/") && !limits("//creativecommons.org/publicdomain/zero/1.0/"))
        #expect(limits("//creativecommons.org/licenses/by-nc-sa/4.0/") && limits("//creativecommons.org/licenses/by-nd/2.5/"))
        for field in [nil, "Public Domain (trust me)", "CC BY anything", "//evil.example/licenses/by/4.0/"] {
            #expect(limits(field), "\(field ?? "none")")
        }
    }

    @Test func creditsCarryNoLinkOrMarkupFromTheServer() {
        var recording = Recording(id: "900001", genus: "Parus", species: "major", englishName: "Great <b>Tit</b>",
                                  recordist: Self.hostile, soundType: "song](javascript:x)", fileURL: "https://example.org/x")
        recording.pageURL = "javascript:alert(1)"
        recording.licence = "https://phish.example/licenses/by/4.0/"
        var numberless = recording
        numberless.id = "12a"
        let credits = PackDocuments.credits(pack: "trip", entries: [.init(recording: recording, path: "XC900001.mp3", fetched: "2026-11-27"),
                                                                   .init(recording: numberless, path: "", fetched: "2026-11-27")])
        #expect(!credits.contains("javascript:") && !credits.contains("<b>") && !credits.contains("<script>"), "\(credits)")
        #expect(!credits.contains("https://phish.example") && !credits.contains("](https"), "\(credits)")
        #expect(credits.contains("source: <https://xeno-canto.org/900001>"), "\(credits)")
        #expect(credits.contains("licence: not one Chirper recognises"), "\(credits)")
        #expect(credits.contains("source: not given"), "a page is made only from a number: \(credits)")
        // Every link in the document is an autolink Chirper made.
        let characters = Array(credits)
        let links = characters.indices.filter { characters[$0] == "<" && ($0 == 0 || characters[$0 - 1] != "\\") }
            .map { String(characters[($0 + 1)...].prefix { $0 != ">" }) }
        #expect(links.allSatisfy { $0.hasPrefix("https://xeno-canto.org") || $0.hasPrefix("https://creativecommons.org/") }, "\(links)")
    }

    @Test func aRecordingsPageLineIsMadeFromItsNumber() {
        var recording = Fixtures.recording(900001)
        recording.pageURL = "https://phish.example/900001"
        let lines = RecordingSection.lines(RecordingSection.sections(of: recording)).joined(separator: "\n")
        #expect(lines.contains("https://xeno-canto.org/900001") && !lines.contains("phish"), "\(lines)")
    }

    @Test func aSpeciesListsLongLineIsFoundInOnePassAndNamesAreMatchedInTimeToTheirLength() {
        let long = String(repeating: "a", count: 1 << 20)
        #expect(SpeciesList.firstLongLine(in: "Great Tit\n" + long + "\nRobin", limit: 4096).map { [$0.number, $0.bytes] } == [2, 1 << 20])
        #expect(SpeciesList.firstLongLine(in: "Great Tit\r\nRobin\r\n", limit: 4096) == nil)
        // A name far longer than every candidate is compared with none of them.
        let candidates = (0..<1000).map { "Species number \($0)" }
        #expect(SpeciesList.closest(to: long, in: candidates) == nil)
        #expect(SpeciesList.closest(to: "Species numbr 7", in: candidates) == "Species number 7")
    }

    @Test func everyCountOfRightAnswersAgrees() {
        let card = QuizCardKey(species: "Parus major", soundType: "song")
        let selfGraded = (1...4).map { QuizAnswer(card: card, recording: "1", named: nil, rating: FSRS.Rating(rawValue: $0)!, hinted: false) }
        #expect(selfGraded.map(\.isRight) == [false, false, true, true])
        #expect(QuizAnswer(card: card, recording: "1", named: "Parus major", rating: .hard, hinted: true).isRight)
        #expect(!QuizAnswer(card: card, recording: "1", named: "Turdus merula", rating: .again, hinted: false).isRight)
    }
}
