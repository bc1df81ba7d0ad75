import Testing
@testable import Audio

@Suite("The position's cadence after each write of sound")
struct StatusReporterTests {
    @Test func positionsComeEveryQuarterSecond() {
        var status = StatusReporter()
        #expect(status.position(elapsed: 0, duration: 5) == .position(elapsed: 0, duration: 5))
        #expect(status.position(elapsed: 0.1, duration: 5) == nil)
        #expect(status.position(elapsed: 0.3, duration: 5) == .position(elapsed: 0.3, duration: 5))
    }

    @Test func aSeekReportsTheNewPositionWithTheNextWrite() {
        var status = StatusReporter()
        _ = status.position(elapsed: 10, duration: nil)
        #expect(status.position(elapsed: 5, duration: nil) == nil, "no seek: not due")
        status.positionMoved()
        #expect(status.position(elapsed: 5, duration: nil) == .position(elapsed: 5, duration: nil))
    }
}
