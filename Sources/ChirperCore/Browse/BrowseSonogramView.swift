import PlaybackModel

extension BrowseModel {
    /// The sonogram the panel shows: being made, drawn for the current screen size, or why not.
    public enum SonogramView: Equatable, Sendable {
        case loading(id: String)
        case ready(id: String, SonogramPicture)
        case failed(id: String, reason: String)

        public var id: String {
            switch self {
            case .loading(let id), .ready(let id, _), .failed(let id, _): return id
            }
        }
    }
}
