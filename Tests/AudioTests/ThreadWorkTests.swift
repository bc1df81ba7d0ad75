@testable import Audio
import Foundation
import Testing

/// `ThreadWork`: start-up work on a thread of its own, its result handed to whoever awaits it.
struct ThreadWorkTests {
    struct Refused: Error, Equatable {}

    @Test func theResultReachesThoseWhoWaitedAndThoseWhoCameLater() async throws {
        let caller = pthread_self()
        let work = ThreadWork.begin { () -> UInt in
            Thread.sleep(forTimeInterval: 0.1)
            return UInt(pthread_self())
        }
        async let first = work.value
        async let second = work.value
        let (a, b) = try await (first, second)
        #expect(a == b)
        #expect(a != UInt(caller), "on a thread of its own")
        #expect(try await work.value == a, "and to one who asks once it is done")
    }

    @Test func aFailureReachesEveryWaiter() async {
        let work = ThreadWork<Int>.begin { throw Refused() }
        await #expect(throws: Refused.self) { try await work.value }
        await #expect(throws: Refused.self) { try await work.value }
    }
}
