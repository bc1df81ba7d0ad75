import Foundation
import Testing
@testable import XenoCanto

/// `search --json` prints each recording object as the server sent it: found by its bytes in the page.
@Suite("recording objects kept as sent")
struct SentJSONTests {
    @Test func eachRecordingKeepsItsObjectWithFieldsChirperDoesNotModel() throws {
        let body = #"""
            {"numRecordings":"2","numSpecies":"1","page":1,"numPages":1,"recordings":[
              {"id":"1","en":"Great Tit","annotation-set":[{"label":"a \"[quoted]\" {brace}","t":0.25}],"_meta":{"redacted":[]}},
              {"id": "2", "rmk": "line one\nline two, with ] and }"}
            ],"extra":true}
            """#
        var page = try JSONDecoder().decode(Page.self, from: Data(body.utf8))
        page.keepSentJSON(from: Data(body.utf8))
        #expect(page.recordings[0].sentJSON.text == #"{"id":"1","en":"Great Tit","annotation-set":[{"label":"a \"[quoted]\" {brace}","t":0.25}],"_meta":{"redacted":[]}}"#)
        #expect(page.recordings[1].sentJSON.text == #"{"id":"2","rmk":"line one\nline two, with ] and }"}"#, "whitespace between tokens only")
    }

    @Test func aBodyThatIsNotAPageKeepsNothing() {
        #expect(JSONSpans.elements(of: "recordings", in: Array(#"{"recordings": {"id": "1"}}"#.utf8)) == nil)
        #expect(JSONSpans.elements(of: "recordings", in: Array(#"{"recordings": [{"id": "1"}"#.utf8)) == nil)
        #expect(JSONSpans.elements(of: "recordings", in: Array(#"{"recordings": []}"#.utf8)) == [])
    }

    @Test func theKeptBytesTakeNoPartInEquality() throws {
        var kept = Recording(id: "7")
        kept.sentJSON = SentJSON(Array(#"{"id":"7"}"#.utf8))
        #expect(kept == Recording(id: "7"))
    }
}
