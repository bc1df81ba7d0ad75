import XenoCanto

/// Small pages of made-up recordings for the pure-logic tests.
enum Fixtures {
    static let query = SearchQuery("great tit")

    static func recording(_ id: Int, playable: Bool = true) -> Recording {
        Recording(
            id: String(id), genus: "Parus", species: "major", englishName: "Great Tit", recordist: "Jane Doe",
            country: "France", soundType: "song", fileURL: playable ? "https://example.org/\(id)/download" : nil,
            quality: "A", length: "0:21")
    }

    static func page(_ number: Int, of pages: Int, ids: ClosedRange<Int>, total: Int = 342) -> Page {
        Page(numRecordings: total, numSpecies: 1, page: number, numPages: pages, recordings: ids.map { recording($0) })
    }
}
