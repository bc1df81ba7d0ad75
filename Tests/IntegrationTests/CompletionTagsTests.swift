import ChirperCore
@testable import DemoCatalog
import Testing

/// Tab offers the API's tags: those the demo catalog answers, which follow xeno-canto's search help.
@Suite("The tags completion offers")
struct CompletionTagsTests {
    @Test func theTagsOfferedAreTheTagsTheCatalogAnswers() {
        #expect(Set(QueryCompletion.tags) == Set(CatalogSearch.tags.keys))
        #expect(Set(CatalogSearch.groupNumbers.values).isSubset(of: Set(QueryCompletion.values["grp"] ?? [])), "every group by its name")
    }
}
