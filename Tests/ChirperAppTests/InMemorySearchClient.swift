import Locking
import XenoCanto

/// The API in memory: pages of made-up recordings, a page that fails on purpose, and a record of what
/// was asked. The test double of `SearchClient`; the live one is `XenoCantoClient`.
final class InMemorySearchClient: SearchClient {
    let pages: [Page]
    /// Page numbers answered with this error instead.
    let failing: [Int: APIError]
    private let asked = Locked<[Int]>([])

    init(pages: [Page], failing: [Int: APIError] = [:]) {
        self.pages = pages
        self.failing = failing
    }

    /// `count` recordings (XC 1 to count), `perPage` a page; `restricted` have no file.
    convenience init(recordings count: Int, perPage: Int, restricted: Set<Int> = [], failing: [Int: APIError] = [:]) {
        let all = (1...count).map { Self.recording($0, playable: !restricted.contains($0)) }
        let pageCount = (count + perPage - 1) / perPage
        let pages = (0..<pageCount).map { index in
            Page(numRecordings: count, numSpecies: 1, page: index + 1, numPages: pageCount,
                 recordings: Array(all[index * perPage..<min(count, (index + 1) * perPage)]))
        }
        self.init(pages: pages, failing: failing)
    }

    static func recording(_ id: Int, playable: Bool = true) -> Recording {
        Recording(id: String(id), genus: "Parus", species: "major", englishName: "Great Tit", recordist: "Jane Doe",
                  country: "France", soundType: "song", fileURL: playable ? "http://127.0.0.1:9/\(id)/download" : nil,
                  quality: "A", length: "0:21")
    }

    /// The page numbers asked for, in order.
    var pagesAsked: [Int] { asked.withLock { $0 } }

    func search(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
        asked.withLock { $0.append(page) }
        if let error = failing[page] { throw error }
        guard pages.indices.contains(page - 1) else {
            return Page(numRecordings: 0, numSpecies: 0, page: page, numPages: pages.count, recordings: [])
        }
        return pages[page - 1]
    }
}
