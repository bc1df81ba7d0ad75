import PlaybackModel
import Testing
@testable import Audio

/// A failed row keeps the C library's facts: which call failed, with which code and message.
@Suite struct PlaybackErrorTests {
    @Test func aDecoderFailureKeepsLibmpg123sCallCodeAndMessage() {
        let error = PlaybackError(DecoderError.library(code: -1, call: "mpg123_decode", message: "Generic Error"))
        #expect(error == .decoder(.library(code: -1, call: "mpg123_decode", message: "Generic Error")))
        #expect(error.description == "decoder: mpg123_decode failed: Generic Error (-1)")
    }

    @Test func aSoundServerFailureKeepsPulseAudiosWords() {
        let error = PlaybackError(PulseError.call(name: "pa_stream_write", code: 15, message: "Connection terminated"))
        #expect(error == .output(.call(name: "pa_stream_write", code: 15, message: "Connection terminated")))
        #expect(error.description == "sound output: pa_stream_write failed: Connection terminated (15)")
        var report = PlaybackEngine.Report()
        report.failed.append((0, PlaybackError(PulseError.connectionLost(reason: "EOF"))))
        #expect(report.lostTheSoundServer)
    }

    @Test func whatNothingForesawSaysItself() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(PlaybackError(Odd()) == .unexpected(reason: "odd"))
    }
}
