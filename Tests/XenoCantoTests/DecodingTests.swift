import Foundation
import Testing
@testable import XenoCanto

@Suite("Decoding responses shaped like the live API's")
struct DecodingTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    @Test(arguments: [
        (#"{"error": "client_error", "message": "Unknown tag \"len\"."}"#, "client_error", "Unknown tag \"len\"."),
        (#"{"error": {"code": "invalid_key", "message": "The key is not valid."}}"#, "invalid_key", "The key is not valid."),
        (#"{"error": {"code": 429, "message": "Too many requests."}}"#, "429", "Too many requests."),
        (#"{"error": {"code": 503}}"#, "503", ""),
    ])
    func errorBodiesInBothShapes(json: String, error: String, message: String) throws {
        let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(json.utf8))
        #expect(body == APIErrorBody(error: error, message: message))
        #expect(body.readable == (message.isEmpty ? error : message))
    }

    @Test func pageCountsArriveAsStringsAndNumbers() throws {
        let page = try JSONDecoder().decode(Page.self, from: Self.fixture("live-page"))
        #expect(page.numRecordings == 342)
        #expect(page.numSpecies == 1)
        #expect(page.page == 1)
        #expect(page.numPages == 7)
        #expect(page.recordings.count == 3)
        #expect(page.hasNextPage)
    }

    @Test func aFullRecordingKeepsEveryField() throws {
        let r = try JSONDecoder().decode(Page.self, from: Self.fixture("live-page")).recordings[0]
        #expect(r.id == "123456")
        #expect(r.scientificName == "Parus major")
        #expect(r.subspecies == nil, "an empty string is absent")
        #expect(r.pageURL == "https://xeno-canto.org/123456", "// URLs get a scheme")
        #expect(r.licence == "https://creativecommons.org/licenses/by-nc-sa/4.0/")
        #expect(r.sonogramURLs == [
            "small": "https://xeno-canto.org/sounds/uploaded/ABC/ffts/XC123456-small.png",
            "large": "https://xeno-canto.org/sounds/uploaded/ABC/ffts/XC123456-large.png",
        ], "null sono entries are dropped")
        #expect(r.oscillogramURLs.isEmpty)
        #expect(r.temperature == nil)
        #expect(r.microphone == nil)
        #expect(r.backgroundSpecies == ["Erithacus rubecula", "Fringilla coelebs"])
        #expect(r.duration == 3723)
        #expect(r.isPlayable)
        #expect(r.audioURL == "https://xeno-canto.org/123456/download")
    }

    @Test func valuesAreTrimmedAndBlankOnesAbsent() throws {
        let body = #"{"id": "7", "en": "  Great Tit\n", "rec": "Lucía Ñandú", "loc": " Doñana ", "rmk": " \t ", "cnt": "France"}"#
        let r = try JSONDecoder().decode(Recording.self, from: Data(body.utf8))
        #expect(r.englishName == "Great Tit")
        #expect(r.recordist == "Lucía Ñandú", "non-ASCII at either end is kept whole")
        #expect(r.locality == "Doñana")
        #expect(r.remarks == nil, "whitespace only is absent")
        #expect(r.country == "France")
    }

    @Test func restrictedAndSparseRecordingsStillDecode() throws {
        let page = try JSONDecoder().decode(Page.self, from: Self.fixture("live-page"))
        let parrot = page.recordings[1]
        #expect(!parrot.isPlayable, "a blank file means restricted")
        #expect(parrot.group == "birds", "the older name `group`")
        #expect(parrot.longitude == "141.1", "the older name `lng`")
        #expect(parrot.latitude == nil)
        #expect(parrot.sampleRate == "44100", "a number where a string is usual")
        #expect(parrot.backgroundSpecies.isEmpty)
        #expect(parrot.sonogramURLs.isEmpty)
        let mystery = page.recordings[2]
        #expect(mystery.id == "777")
        #expect(!mystery.isPlayable, "a null file means restricted")
        #expect(mystery.duration == nil)
        #expect(mystery.scientificName == "")
    }

    /// A file the server names but `_meta` says it withheld is restricted too: never requested.
    @Test(arguments: [#""_meta": {"redacted": ["file", "lat", "lon"]}"#, #""_meta": {"redacted_fields": ["file"]}"#])
    func aFileMetaSaysWasRedactedIsRestricted(meta: String) throws {
        let json = #"{"id": "5", "file": "https://xeno-canto.org/5/download", "#.appending(meta) + "}"
        let recording = try JSONDecoder().decode(Recording.self, from: Data(json.utf8))
        #expect(!recording.isPlayable)
        let open = try JSONDecoder().decode(Recording.self, from: Data(#"{"id": "5", "file": "https://xeno-canto.org/5/download", "_meta": {"redacted": ["lat"]}}"#.utf8))
        #expect(open.isPlayable, "other fields withheld: the file still plays")
    }

    @Test func encodingWritesTheAPINamesBack() throws {
        let page = try JSONDecoder().decode(Page.self, from: Self.fixture("live-page"))
        let again = try JSONDecoder().decode(Page.self, from: JSONEncoder().encode(page))
        #expect(again == page)
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(page)) as? [String: Any])
        #expect(object["numRecordings"] as? String == "342")
        #expect(object["page"] as? Int == 1)
    }

    @Test(arguments: [
        ("<html>502</html>", "not JSON"),
        ("{\"numRecordings\": \"x\", \"page\": 1, \"numPages\": 1}", "numRecordings"),
        ("{\"page\": 1, \"numPages\": 1, \"recordings\": []}", "numRecordings"),
        ("{\"numRecordings\": \"1\", \"page\": 1, \"numPages\": 1, \"recordings\": [{\"en\": \"no id\"}]}", "id"),
    ])
    func wrongShapesAreRefused(body: String, mentioned: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Page.self, from: Data(body.utf8)) }
        do {
            _ = try JSONDecoder().decode(Page.self, from: Data(body.utf8))
        } catch {
            #expect(DecodingProblem.describe(error).contains(mentioned))
        }
    }

    @Test func anEmptyPageEndsTheResultsWhateverNumPagesSays() {
        let page = Page(numRecordings: 100, numSpecies: 1, page: 2, numPages: 3, recordings: [])
        #expect(!page.hasNextPage)
    }

    @Test(arguments: [("0:21", 21.0), ("12:05", 725), ("1:02:03", 3723), ("0:00", 0)])
    func lengthsParse(text: String, seconds: Double) {
        #expect(RecordingLength.seconds(text) == seconds)
    }

    @Test(arguments: ["", "21", "1:2:3:4", "a:bc", "0:75", "-1:00"])
    func badLengthsAreNil(text: String) {
        #expect(RecordingLength.seconds(text) == nil)
    }

    @Test func lengthsFormat() {
        #expect(RecordingLength.format(21) == "0:21")
        #expect(RecordingLength.format(725) == "12:05")
        #expect(RecordingLength.format(3723) == "1:02:03")
    }

    /// A file URL in an answer is a recording on the web or none: a server cannot make Chirper open a
    /// local file (`file:///dev/zero`, a FIFO) or another scheme.
    @Test(arguments: ["file:///dev/zero", "FILE:///etc/passwd", "ftp://example.org/a.mp3", "/tmp/a.mp3", "javascript:alert(1)"])
    func aFileURLThatIsNotOnTheWebIsNoFile(url: String) throws {
        let json = #"{"id": "1", "file": "\#(url)"}"#
        let recording = try JSONDecoder().decode(Recording.self, from: Data(json.utf8))
        #expect(recording.fileURL == nil && !recording.isPlayable)
        let web = try JSONDecoder().decode(Recording.self, from: Data(#"{"id": "1", "file": "//xeno-canto.org/1/download"}"#.utf8))
        #expect(web.audioURL == "https://xeno-canto.org/1/download")
    }
}
