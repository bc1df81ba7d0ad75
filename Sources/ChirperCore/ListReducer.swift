import PlaybackModel
import XenoCanto

/// Something that happened: the user asked, the network answered, the player reported.
public enum ListEvent: Equatable, Sendable {
    case searchStarted(SearchQuery, page: Int)
    case pageLoaded(SearchQuery, Page)
    case pageFailed(SearchQuery, page: Int, APIError)
    /// The cursor came near the end: load the next page if there is one and it is not on its way.
    case nextPageRequested
    /// Retry whatever failed: the first page, or the next page of a listing.
    case retryRequested
    case playback(recordingID: String, PlaybackEvent)
    /// The listener stopped the sound: the active row, if any, goes back to idle.
    case playbackStopped
}

/// What the caller must do after an event. The reducer itself does no I/O.
public enum ListEffect: Equatable, Sendable {
    case none
    case fetch(SearchQuery, page: Int)
}

extension ListState {
    /// Applies one event and returns the effect to run.
    @discardableResult
    public mutating func reduce(_ event: ListEvent) -> ListEffect {
        switch event {
        case .searchStarted(let query, let page):
            self = .loading(query, page: page)
            return .fetch(query, page: page)

        case .pageLoaded(let query, let page):
            return pageLoaded(query, page)

        case .pageFailed(let query, let page, let reason):
            switch self {
            case .loading(query, page):
                self = .error(ListError(query: query, page: page, reason: reason))
            case .paging(let listing, var next) where listing.query == query && next.page == page && next.fetch == .loading:
                next.fetch = .failed(reason)
                self = .paging(listing, next: next)
            case .idle, .loading, .empty, .error, .populated, .paging:
                break  // a late answer to a question no longer asked
            }
            return .none

        case .nextPageRequested:
            guard case .paging(let listing, var next) = self else { return .none }
            switch next.fetch {
            case .waiting:
                next.fetch = .loading
                self = .paging(listing, next: next)
                return .fetch(listing.query, page: next.page)
            case .loading, .failed:
                return .none  // on its way, or waiting for an explicit retry
            }

        case .retryRequested:
            switch self {
            case .error(let failed):
                self = .loading(failed.query, page: failed.page)
                return .fetch(failed.query, page: failed.page)
            case .paging(let listing, var next):
                guard case .failed = next.fetch else { return .none }
                next.fetch = .loading
                self = .paging(listing, next: next)
                return .fetch(listing.query, page: next.page)
            case .idle, .loading, .empty, .populated:
                return .none
            }

        case .playback(let id, let playbackEvent):
            updateRows { rows in
                guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
                let updated = rows[index].playback.applying(playbackEvent, knownDuration: rows[index].recording.duration)
                if updated.isActive {
                    // One row holds the sound device at a time: any other active row goes back to idle.
                    for other in rows.indices where other != index && rows[other].playback.isActive {
                        rows[other].playback = .idle
                    }
                }
                rows[index].playback = updated
            }
            return .none

        case .playbackStopped:
            updateRows { rows in
                for index in rows.indices where rows[index].playback.isActive { rows[index].playback = .idle }
            }
            return .none
        }
    }

    private mutating func pageLoaded(_ query: SearchQuery, _ page: Page) -> ListEffect {
        switch self {
        case .loading(query, let asked) where asked == page.page || page.recordings.isEmpty:
            if page.recordings.isEmpty {
                self = .empty(query, page: asked)
            } else {
                self = ListState.settled(Listing(query: query, page: page), after: page)
            }
        case .loading(query, let asked):
            // Another page than the one asked for: the listing would wait for page `asked` for ever.
            self = .error(ListError(query: query, page: asked, reason: .wrongPage(asked: asked, sent: page.page)))
        case .paging(var listing, let next) where listing.query == query && next.page == page.page && next.fetch == .loading:
            // An empty page where numPages promised one more ends the results.
            listing.append(page)
            self = ListState.settled(listing, after: page)
        case .paging(let listing, var next) where listing.query == query && next.fetch == .loading:
            // Only one page is on its way at a time, so this answers it, with the wrong page: a failed
            // page that `r` asks for again.
            next.fetch = .failed(.wrongPage(asked: next.page, sent: page.page))
            self = .paging(listing, next: next)
        case .idle, .loading, .empty, .error, .populated, .paging:
            break
        }
        return .none
    }

    private static func settled(_ listing: Listing, after page: Page) -> ListState {
        page.hasNextPage ? .paging(listing, next: NextPage(page: page.page + 1)) : .populated(listing)
    }

    private mutating func updateRows(_ change: (inout [Row]) -> Void) {
        switch self {
        case .populated(var listing):
            change(&listing.rows)
            self = .populated(listing)
        case .paging(var listing, let next):
            change(&listing.rows)
            self = .paging(listing, next: next)
        case .idle, .loading, .empty, .error:
            break
        }
    }
}
