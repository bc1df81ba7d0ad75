@testable import ChirperApp
import Testing
import XenoCanto

/// browse's `r` after a key or config error: the settings are asked for again, so a key put right
/// meanwhile is used; while requests succeed, the client (and its settings) stays the same.
@Suite("Settings read again after a failure")
struct RereadingClientTests {
    @Test func aFailedRequestMakesTheNextOneReadTheSettingsAgain() async throws {
        let made = Counter()
        let client = RereadingClient {
            made.add()
            // The first settings have no key; the config file is fixed before the retry.
            return made.value == 1
                ? InMemorySearchClient(recordings: 3, perPage: 3, failing: [1: .noKey])
                : InMemorySearchClient(recordings: 3, perPage: 3)
        }
        await #expect(throws: APIError.noKey) { try await client.search(.init("a"), page: 1, perPage: 3) }
        #expect(made.value == 1)
        let page = try await client.search(.init("a"), page: 1, perPage: 3)
        #expect(page.recordings.count == 3 && made.value == 2)
        _ = try await client.search(.init("a"), page: 1, perPage: 3)
        #expect(made.value == 2, "no failure: the same settings")
    }
}
