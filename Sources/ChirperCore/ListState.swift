import XenoCanto

/// Everything a listing screen shows, as one value. The screen is a pure function of it.
public enum ListState: Equatable, Sendable {
    /// Nothing asked yet.
    case idle
    /// The first page asked for is on its way.
    case loading(SearchQuery, page: Int)
    /// The query matched nothing (or the page asked for is past the end).
    case empty(SearchQuery, page: Int)
    /// The first page failed: network, server, bad response, no key or key refused.
    case error(ListError)
    /// Every page of the results is loaded.
    case populated(Listing)
    /// More pages exist; `next` says which and whether it is being fetched.
    case paging(Listing, next: NextPage)

    /// The query asked for, in any state but idle and error.
    public var query: SearchQuery? {
        switch self {
        case .loading(let query, _), .empty(let query, _): query
        case .populated(let listing), .paging(let listing, _): listing.query
        case .idle, .error: nil
        }
    }

    /// The rows on screen, in any state that has them.
    public var listing: Listing? {
        switch self {
        case .populated(let listing), .paging(let listing, _): return listing
        case .idle, .loading, .empty, .error: return nil
        }
    }
}

/// The rows loaded so far and what the server said of the whole result set.
public struct Listing: Equatable, Sendable {
    public var query: SearchQuery
    public var rows: [Row]
    public var firstPage: Int
    public var lastPage: Int
    public var numPages: Int
    public var numRecordings: Int
    /// How the query's words were read when not as an English name.
    public var readAs: SearchQuery.Alternative?

    public init(query: SearchQuery, page: Page) {
        self.query = query
        self.readAs = page.readAs
        self.rows = page.recordings.map { Row(recording: $0) }
        self.firstPage = page.page
        self.lastPage = page.page
        self.numPages = page.numPages
        self.numRecordings = page.numRecordings
    }

    /// Adds a later page, skipping recordings already shown (pages can shift while a listing is open).
    mutating func append(_ page: Page) {
        let shown = Set(rows.map(\.recording.id))
        rows += page.recordings.filter { !shown.contains($0.id) }.map { Row(recording: $0) }
        lastPage = page.page
        numPages = page.numPages
        numRecordings = page.numRecordings
    }
}

/// One result row and its own playback state.
public struct Row: Equatable, Sendable, Identifiable {
    public let recording: Recording
    public var playback: PlaybackState

    public init(recording: Recording, playback: PlaybackState = .idle) {
        self.recording = recording
        self.playback = playback
    }

    public var id: String { recording.id }
}

/// The page after the last loaded one, and where its fetch stands.
public struct NextPage: Equatable, Sendable {
    public enum Fetch: Equatable, Sendable {
        case waiting
        case loading
        /// The rows stay; the user may retry.
        case failed(APIError)
    }

    public var page: Int
    public var fetch: Fetch

    public init(page: Int, fetch: Fetch = .waiting) {
        self.page = page
        self.fetch = fetch
    }
}

/// A failed first page, with what is needed to retry it.
public struct ListError: Equatable, Sendable {
    public var query: SearchQuery
    public var page: Int
    public var reason: APIError

    public init(query: SearchQuery, page: Int, reason: APIError) {
        self.query = query
        self.page = page
        self.reason = reason
    }
}
