@testable import Audio
import PlaybackModel
import Testing

/// A 206 answer to a Range request is taken only when its framing answers the question asked.
@Suite("a Range request's answer, checked")
struct RangeAnswerTests {
    @Test func aPartThatStartsAtTheByteAskedGivesTheWholeSize() throws {
        #expect(try AudioSource.wholeSize(ofPart: "bytes 500-999/1000", asked: 500, length: 500, known: 1000) == 1000)
        #expect(try AudioSource.wholeSize(ofPart: "bytes 500-999/*", asked: 500, length: nil, known: 1000) == 1000)
        #expect(try AudioSource.wholeSize(ofPart: "bytes 500-999/1000", asked: 500, length: nil, known: nil) == 1000)
    }

    @Test func anyOtherFramingIsRefused() {
        let refused: [(String?, Int?, Int?)] = [
            (nil, 500, 1000),                              // no Content-Range
            ("bytes 0-999/1000", 1000, 1000),              // from byte 0 again
            ("bytes 100-199/1000", 100, 1000),             // another place
            ("bytes 500-999/2000", 500, 1000),             // another file's size
            ("bytes 500-1999/1000", 1500, nil),            // past the end
            ("items 500-999/1000", 500, 1000),
            ("bytes 500-/1000", 500, 1000),
            ("bytes 999-500/1000", 500, 1000),
            ("bytes 500-999/abc", 500, 1000),
            ("bytes 500-999/1000", 9_999, 1000),           // a length that is not the range's
        ]
        for (range, length, known) in refused {
            #expect(throws: PlaybackError.self, "\(range ?? "none")") {
                _ = try AudioSource.wholeSize(ofPart: range, asked: 500, length: length, known: known)
            }
        }
    }
}
