import DisplayText
import Foundation
import Testing
@testable import XenoCanto

@Suite("Outside text made displayable")
struct DisplayableTests {
    static func isClean(_ text: String, newlines: Bool = false) -> Bool {
        text.unicodeScalars.allSatisfy { !Displayable.isUnsafe($0) || (newlines && $0 == "\n") }
    }

    @Test func everyControlAndBidiCharacterIsReplacedByAVisibleStandIn() {
        #expect(Displayable.line("Great Tit") == "Great Tit")
        #expect(Displayable.line("a\u{1B}[2Jb") == "a\u{241B}[2Jb")
        #expect(Displayable.line("tab\there") == "tab here")
        #expect(Displayable.line("one\r\ntwo\nthree") == "one two three")
        #expect(Displayable.line("\u{9B}31m\u{202E}x\u{2066}y\u{7F}") == "\u{FFFD}31m\u{FFFD}x\u{FFFD}y\u{2421}")
        #expect(Displayable.lines("one\r\ntwo\rthree\u{1B}") == "one\ntwo\u{240D}three\u{241B}")
        // One expectation for all: thousands of them cost the shared test pool seconds.
        let scalars = (0..<0x2100).compactMap(Unicode.Scalar.init)
        let text = String(String.UnicodeScalarView(scalars))
        let shown = Displayable.line(text)
        #expect(Self.isClean(shown), "a control or bidi character passed")
        #expect(Displayable.line(shown) == shown, "showing twice changes nothing")
        #expect(Displayable.lines("\u{1B}\u{9B}\u{202E}\u{2069}\u{7F}\u{0}").unicodeScalars.allSatisfy { !Displayable.isUnsafe($0) })
    }

    @Test func aRecordingDecodedFromTheAPIHoldsOnlyDisplayableText() throws {
        let json = #"{"id":"1\u001b[2J","en":"Bird\u001b]52;c;SGVsbG8=\u0007","rec":"A\r\u001b[1AB","cnt":"\u202eaynek","also":["x\u009by"],"rmk":"line\nnext"}"#
        let recording = try JSONDecoder().decode(Recording.self, from: Data(json.utf8))
        for text in [recording.id, recording.englishName, recording.recordist, recording.country, recording.remarks] + recording.backgroundSpecies {
            #expect(Self.isClean(text ?? ""), "\(String(describing: text).debugDescription)")
        }
        #expect(recording.remarks == "line next")
    }

    @Test func jsonIsPrintedWithItsControlsEscaped() throws {
        let sent = "{\"rec\":\"a\u{1B}[31mb\u{9B}\u{202E}\\u001b\",\"n\":1}"
        let escaped = JSONEscaping.escapingControls(in: sent)
        #expect(escaped == #"{"rec":"a\u001b[31mb\u009b\u202e\u001b","n":1}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: Any])
        #expect(object["rec"] as? String == "a\u{1B}[31mb\u{9B}\u{202E}\u{1B}")
        #expect(JSONValue.string("x\u{1B}\u{9B}").prettyText == #""x\u001b\u009b""#)
    }

    @Test func numbersOutOfRangeAreNotBelieved() throws {
        #expect(RecordingLength.seconds("999999999999999999:00") == nil)
        #expect(RecordingLength.seconds("1:02:03") == 3723)
        #expect(RecordingLength.format(.infinity) == "0:00")
        #expect(RecordingLength.format(1e300).isEmpty == false)
        let negative = #"{"numRecordings":"1","numSpecies":"1","page":-3,"numPages":1,"recordings":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Page.self, from: Data(negative.utf8)) }
    }
}
