/// What the program asks of xeno-canto: a page of results. The live client (`XenoCantoClient`, over
/// HTTP) and in-memory catalogs in tests answer it, so whatever runs a search can be tested without a
/// server.
public protocol SearchClient: Sendable {
    /// One page of results. Throws `APIError` only.
    func search(_ query: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page
}

extension SearchClient {
    /// The recording with this XC number, or nil when there is none. Only a record that carries the
    /// number asked answers: a server may give a page of others, and its first row is not the one asked.
    public func recording(number: String) async throws(APIError) -> Recording? {
        let page = try await search(.number(number), page: 1, perPage: PageSize.allowed.lowerBound)
        return page.recordings.first { RecordingNumber.same($0.id, number) }
    }
}

/// How many recordings a page may hold, as the API allows.
public enum PageSize {
    public static let allowed = 50...500
    public static let standard = 100
}
