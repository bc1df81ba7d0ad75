import Testing
@testable import Audio

@Suite("What the status line hears after each write of sound")
struct StatusReporterTests {
    @Test func positionsComeEveryQuarterSecond() {
        var status = StatusReporter()
        #expect(status.afterWrite(starved: false, elapsed: 0, duration: 5) == .position(elapsed: 0, duration: 5))
        #expect(status.afterWrite(starved: false, elapsed: 0.1, duration: 5) == nil)
        #expect(status.afterWrite(starved: false, elapsed: 0.3, duration: 5) == .position(elapsed: 0.3, duration: 5))
    }

    @Test func aServerRunDryIsBufferingOnceThenThePositionAtOnceWhenSoundComesBack() {
        var status = StatusReporter()
        _ = status.afterWrite(starved: false, elapsed: 1, duration: nil)
        #expect(status.afterWrite(starved: true, elapsed: 1.1, duration: nil) == .buffering(progress: nil))
        #expect(status.afterWrite(starved: true, elapsed: 1.5, duration: nil) == nil, "said once")
        #expect(status.afterWrite(starved: false, elapsed: 1.55, duration: nil) == .position(elapsed: 1.55, duration: nil),
                "playing again at once, not a quarter second later")
    }

    @Test func aSeekReportsTheNewPositionWithTheNextWrite() {
        var status = StatusReporter()
        _ = status.afterWrite(starved: false, elapsed: 10, duration: nil)
        status.positionMoved()
        #expect(status.afterWrite(starved: false, elapsed: 5, duration: nil) == .position(elapsed: 5, duration: nil))
    }
}
