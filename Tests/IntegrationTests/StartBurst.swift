import Foundation

/// Every suite starts at once: for the first seconds of a run, the two cores are busy starting demo
/// servers, sinks and chirper processes, and the test pool itself is starved (a trivial test then takes
/// 8-13 s). A test that tells "at once" from "after a 10 s timeout" by the clock waits that out first.
enum StartBurst {
    static func waitOut() async throws {
        try await Task.sleep(for: .seconds(20))
    }
}
