/// Where each part of the browse screen goes, from the terminal's size.
public struct BrowseLayout: Equatable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// Title and column header above the rows; status, playback and help lines below.
    static let linesAbove = 2
    static let linesBelow = 3

    public var visibleRows: Int { max(1, height - BrowseLayout.linesAbove - BrowseLayout.linesBelow) }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
