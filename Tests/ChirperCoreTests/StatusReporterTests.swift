import Testing
@testable import Audio

@Suite("What the status line hears after each write of sound")
struct StatusReporterTests {
    @Test func positionsComeEveryQuarterSecond() {
        var status = StatusReporter()
        #expect(status.afterWrite(starvedFor: nil, elapsed: 0, duration: 5) == .position(elapsed: 0, duration: 5))
        #expect(status.afterWrite(starvedFor: nil, elapsed: 0.1, duration: 5) == nil)
        #expect(status.afterWrite(starvedFor: nil, elapsed: 0.3, duration: 5) == .position(elapsed: 0.3, duration: 5))
    }

    @Test func aServerRunDryIsBufferingOnceThenThePositionAtOnceWhenSoundComesBack() {
        var status = StatusReporter()
        _ = status.afterWrite(starvedFor: nil, elapsed: 1, duration: nil)
        #expect(status.afterWrite(starvedFor: .milliseconds(50), elapsed: 1.1, duration: nil) == nil, "too short to say, no position either")
        #expect(status.afterWrite(starvedFor: .milliseconds(250), elapsed: 1.1, duration: nil) == .buffering(progress: nil))
        #expect(status.afterWrite(starvedFor: .milliseconds(600), elapsed: 1.5, duration: nil) == nil, "said once")
        #expect(status.afterWrite(starvedFor: nil, elapsed: 1.55, duration: nil) == .position(elapsed: 1.55, duration: nil),
                "playing again at once, not a quarter second later")
    }

    @Test func aShortDrySpellIsNotShown() {
        var status = StatusReporter()
        _ = status.afterWrite(starvedFor: nil, elapsed: 1, duration: nil)
        #expect(status.afterWrite(starvedFor: .milliseconds(30), elapsed: 1.05, duration: nil) == nil)
        #expect(status.afterWrite(starvedFor: nil, elapsed: 1.1, duration: nil) == nil, "still playing: positions as before")
        #expect(status.afterWrite(starvedFor: nil, elapsed: 1.3, duration: nil) == .position(elapsed: 1.3, duration: nil))
    }

    @Test func aSeekReportsTheNewPositionWithTheNextWrite() {
        var status = StatusReporter()
        _ = status.afterWrite(starvedFor: nil, elapsed: 10, duration: nil)
        status.positionMoved()
        #expect(status.afterWrite(starvedFor: nil, elapsed: 5, duration: nil) == .position(elapsed: 5, duration: nil))
    }
}
