import Locking
import XenoCanto

/// A search whose words match no English name is tried again with the words read as a scientific
/// name, then as English names with a hyphen (`SearchQuery.readings`); the first reading that finds
/// recordings answers, its page saying how it was read. Later pages of that query go straight to it.
final class NameReadingClient: SearchClient {
    private let client: any SearchClient
    private let chosen = Locked<[SearchQuery: SearchQuery.Alternative]>([:])

    /// The scientific name and two hyphenations at most: a request each.
    static let readingsTried = 3

    init(_ client: any SearchClient) {
        self.client = client
    }

    func search(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
        if let alternative = chosen.withLock({ $0[query] }) {
            var found = try await client.search(alternative.query, page: page, perPage: perPage)
            found.readAs = alternative
            return found
        }
        let found = try await client.search(query, page: page, perPage: perPage)
        guard page == 1, found.recordings.isEmpty else { return found }
        // A reading that fails (a refusal, the rate limit) leaves the answer as it was: nothing found.
        for alternative in query.readings.prefix(Self.readingsTried) {
            guard var other = try? await client.search(alternative.query, page: page, perPage: perPage), !other.recordings.isEmpty else { continue }
            chosen.withLock { $0[query] = alternative }
            other.readAs = alternative
            return other
        }
        return found
    }
}
