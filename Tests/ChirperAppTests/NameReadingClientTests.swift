@testable import ChirperApp
import Locking
import Testing
import XenoCanto

/// Words that match no English name are read as a scientific name, then with hyphens; the reading
/// that finds recordings answers, and the query's later pages go to it directly.
@Suite("Bare words read as a birder means them")
struct NameReadingClientTests {
    /// Answers only `answering`, with three pages of one recording each; records every query sent.
    final class OneQueryCatalog: SearchClient {
        let answering: String
        let sent = Locked<[String]>([])
        init(answering: String) { self.answering = answering }

        func search(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
            sent.withLock { $0.append(query.text + " p\(page)") }
            let recordings = query.text == answering ? [InMemorySearchClient.recording(page)] : []
            return Page(numRecordings: recordings.isEmpty ? 0 : 3, numSpecies: 1, page: page, numPages: recordings.isEmpty ? 0 : 3, recordings: recordings)
        }
    }

    @Test func aScientificNameTypedBareFindsItsSpeciesAndLaterPagesAskForItDirectly() async throws {
        let catalog = OneQueryCatalog(answering: "sp:\"parus major\" cnt:france")
        let client = NameReadingClient(catalog, resolver: { nil })
        let query = SearchQuery("parus major cnt:france")
        let first = try await client.search(query, page: 1, perPage: 50)
        #expect(first.recordings.map(\.id) == ["1"])
        #expect(first.readAs?.reading == .scientific)
        #expect(first.readAs?.description == "no English name matched: searched as the scientific name sp:\"parus major\" cnt:france")
        let second = try await client.search(query, page: 2, perPage: 50)
        #expect(second.recordings.map(\.id) == ["2"] && second.readAs?.reading == .scientific)
        #expect(catalog.sent.withLock { $0 } == ["en:\"parus major\" cnt:france p1", "sp:\"parus major\" cnt:france p1", "sp:\"parus major\" cnt:france p2"])
    }

    @Test func anEnglishNameWithoutItsHyphensIsFound() async throws {
        let catalog = OneQueryCatalog(answering: "en:\"Rufous-bellied thrush\"")
        let page = try await NameReadingClient(catalog, resolver: { nil }).search(SearchQuery("Rufous bellied thrush"), page: 1, perPage: 50)
        #expect(page.recordings.count == 1 && page.readAs?.description == "searched as Rufous-bellied thrush")
    }

    @Test func anEnglishNameThatMatchesAsksOnceAndTaggedOrRawQueriesAreNotReadAgain() async throws {
        let catalog = OneQueryCatalog(answering: "en:\"great tit\"")
        let client = NameReadingClient(catalog, resolver: { nil })
        #expect(try await client.search(SearchQuery("great tit"), page: 1, perPage: 50).readAs == nil)
        _ = try await client.search(SearchQuery("gen:parus cnt:nowhere"), page: 1, perPage: 50)
        _ = try await client.search(SearchQuery("parus major", raw: true), page: 1, perPage: 50)
        #expect(catalog.sent.withLock { $0 } == ["en:\"great tit\" p1", "gen:parus cnt:nowhere p1", "parus major p1"])
    }
}
