import Foundation

/// Every suite starts at once: for the first seconds of a run, the two cores are busy starting demo
/// servers, sinks and chirper processes, and the test pool itself is starved (a trivial test then takes
/// 8-13 s). A test that tells "at once" from "after a 10 s timeout" by the clock waits that out first.
enum StartBurst {
    /// At least 20 s, then until five short sleeps in a row wake on time (a sanitized build's burst
    /// lasts a minute or more), two minutes at most.
    static func waitOut() async throws {
        try await Task.sleep(for: .seconds(20))
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(100)
        var onTime = 0
        while onTime < 5, clock.now < deadline {
            let asleep = clock.now
            try await Task.sleep(for: .milliseconds(100))
            onTime = clock.now - asleep < .milliseconds(150) ? onTime + 1 : 0
        }
    }
}
