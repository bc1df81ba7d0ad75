import XenoCanto

/// Which page of results, how many per page, and whether the query is sent exactly as typed.
public struct PageChoice: Sendable {
    public var page: Int
    public var perPage: Int
    public var raw: Bool

    public init(page: Int = 1, perPage: Int = PageSize.standard, raw: Bool = false) {
        self.page = page
        self.perPage = perPage
        self.raw = raw
    }
}
