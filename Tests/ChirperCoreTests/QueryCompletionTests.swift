import Testing
@testable import ChirperCore

@Suite("What Tab offers in a query")
struct QueryCompletionTests {
    static let known = [QueryCompletion.Species(english: "Great Tit", scientific: "Parus major"),
                        QueryCompletion.Species(english: "Rufous-bellied Thrush", scientific: "Turdus rufiventris")]

    func offered(_ words: [String], _ prefix: String, bash: Bool = false, asked: inout Int) -> [String] {
        var count = 0
        let candidates = QueryCompletion.candidates(words: words, index: words.count - 1, prefix: prefix, bash: bash) {
            count += 1
            return Self.known
        }
        asked += count
        return candidates
    }

    @Test func tagsTheirValuesAndTheLibrarysSpecies() {
        var asked = 0
        #expect(offered(["chirper", "search", "type:al"], "type:al", asked: &asked) == ["type:alarm call"], "fish and zsh: the whole word")
        #expect(offered(["chirper", "search", "type", ":", "al"], "al", asked: &asked) == ["alarm call"], "bash: the value alone")
        #expect(offered(["chirper", "search", "q:"], "q:", asked: &asked).contains("q:A"))
        #expect(asked == 0, "the library is not asked for a tag's values")
        #expect(offered(["chirper", "search", "ty"], "ty", asked: &asked).first == "type:", "a tag, then its values")
        #expect(offered(["chirper", "search", "sp:tur"], "sp:tur", asked: &asked) == ["sp:turdus rufiventris"])
        #expect(offered(["chirper", "search", "en", ":", "great"], "great", asked: &asked) == ["great Tit"], "what was typed stays as typed")
        #expect(offered(["chirper", "search", "Rufous"], "Rufous", asked: &asked) == ["Rufous-bellied Thrush"])
        #expect(offered(["chirper", "search", "parus"], "parus", asked: &asked) == ["parus major"])
        asked = 0
        _ = offered(["chirper", "search", "sp"], "sp", asked: &asked)
        #expect(asked == 1, "one tag with species for values, and species names: the library asked once")
        #expect(offered(["chirper", "search", "cnt:united k"], "cnt:united k", asked: &asked) == ["cnt:united kingdom"])
    }

    @Test func bashsWordsSplitAtTheColonAndTypedWithEscapes() {
        var asked = 0
        let values = offered(["chirper", "search", "type", ":"], ":", bash: true, asked: &asked)
        #expect(values.first == "song" && values.contains("alarm call"), "Tab right after the colon: every value, bare: \(values)")
        #expect(offered(["chirper", "search", "q", ":"], ":", bash: true, asked: &asked).contains(">C"))
        #expect(!offered(["chirper", "search", "type", ":"], ":", asked: &asked).contains("song"), "fish and zsh: a word of its own")
        #expect(QueryCompletion.bashWord(#"united\ k"#) == "united k")
        #expect(QueryCompletion.bashWord(#"\>C"#) == ">C")
        #expect(QueryCompletion.bashWord(#""alarm c"#) == "alarm c")
        #expect(QueryCompletion.bashWord(#"a\\b"#) == #"a\b"#)
    }
}
