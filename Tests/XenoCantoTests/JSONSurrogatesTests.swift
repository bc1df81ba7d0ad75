import Foundation
import Testing
import XenoCanto

@Suite("Lone surrogate escapes in JSON from the network")
struct JSONSurrogatesTests {
    @Test func aLoneHalfIsReadAsTheReplacementCharacterAndTheRestAsSent() throws {
        let sent = Data(#"{"rec":"\ud800lone","low":"x\udc00","pair":"\ud83d\ude00","escaped":"\\ud800","end":"\ud800"}"#.utf8)
        #expect((try? JSONDecoder().decode([String: String].self, from: sent)) == nil, "as sent, the decoder refuses the whole document")
        let read = try JSONDecoder().decode([String: String].self, from: JSONSurrogates.repaired(sent))
        let whole = Data(#"{"url":"https:\/\/x","pair":"\ud83d\ude00"}"#.utf8)
        #expect(JSONSurrogates.repaired(whole) == whole, "nothing to mend: the answer as it came")
        #expect(read == ["rec": "\u{FFFD}lone", "low": "x\u{FFFD}", "pair": "😀", "escaped": #"\ud800"#, "end": "\u{FFFD}"])
    }
}
