/// Which page of results, how many per page, and whether the query is sent exactly as typed.
public struct PageChoice: Sendable {
    public var page: Int
    public var perPage: Int
    public var raw: Bool

    public init(page: Int, perPage: Int, raw: Bool) {
        self.page = page
        self.perPage = perPage
        self.raw = raw
    }
}
