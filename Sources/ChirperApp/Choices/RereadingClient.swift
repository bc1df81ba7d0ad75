import Locking
import XenoCanto

/// browse's API: after a request that failed, the next one (`r`) asks for its settings again, from the
/// flags, the environment and the config file, so a key or a config file put right while browse
/// shows the error is used at once. Until a request fails, every request uses the same client.
final class RereadingClient: SearchClient {
    private let make: @Sendable () -> any SearchClient
    private let state: Locked<(client: any SearchClient, stale: Bool)>

    init(_ make: @escaping @Sendable () -> any SearchClient) {
        self.make = make
        state = Locked((client: make(), stale: false))
    }

    func search(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
        let client = state.withLock { state in
            if state.stale { state = (make(), false) }
            return state.client
        }
        do throws(APIError) {
            return try await client.search(query, page: page, perPage: perPage)
        } catch {
            state.withLock { $0.stale = true }
            throw error
        }
    }
}
