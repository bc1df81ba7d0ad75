import Testing
@testable import XenoCanto
import XenoCantoHTTP

@Suite("Turning what people type into v3 queries")
struct QueryTests {
    @Test(arguments: [
        ("great tit", "en:\"great tit\""),
        ("blackbird", "en:blackbird"),
        ("great tit cnt:france", "en:\"great tit\" cnt:france"),
        ("sp:\"parus major\" q:A", "sp:\"parus major\" q:A"),
        ("gen:turdus cnt:\"united kingdom\"", "gen:turdus cnt:\"united kingdom\""),
        ("\"song thrush\" type:song", "en:\"song thrush\" type:song"),
        ("  nr:123  ", "nr:123"),
        // Found by `make fuzz`: whitespace other than a space inside quotes split the phrase when sent.
        ("\"great\ttit\"", "en:\"great tit\""),
        ("\"great\u{A0} tit\" q:A", "en:\"great tit\" q:A"),
        ("\" \" cnt:france", "cnt:france"),
        ("wren\u{0C}\u{597}x", "en:\"wren \u{597}x\""),
        ("\u{368}x", "en:\u{368}x"),
    ])
    func bareWordsBecomeEnglishNameTags(typed: String, sent: String) {
        #expect(SearchQuery(typed).text == sent)
        #expect(SearchQuery(sent).text == sent, "a query read back (from history, say) is sent as it was")
    }

    @Test func bareWordsHaveOtherReadingsTheTypedTextAndTheTagsKept() {
        let query = SearchQuery("rufous bellied thrush q:A")
        #expect(query.readings.map(\.query.text) == ["sp:\"rufous bellied thrush\" q:A", "en:\"rufous-bellied thrush\" q:A", "en:\"rufous bellied-thrush\" q:A"])
        #expect(query.typed == "rufous bellied thrush q:A")
        #expect(SearchQuery("turdus").readings.map(\.query.text) == ["gen:turdus"], "one word: read as a genus, no hyphen")
        #expect(SearchQuery("black-capped chickadee").readings.map(\.query.text) == ["sp:\"black-capped chickadee\"", "en:black-capped-chickadee"])
        #expect(SearchQuery("grande mésange").readings.map(\.reading) == [.hyphenated("grande-mésange")], "not Latin letters: no scientific name")
        #expect(SearchQuery("cnt:france q:A").readings.isEmpty && SearchQuery("parus major", raw: true).readings.isEmpty)
        #expect(SearchQuery("parus major", raw: true).typed == "parus major")
    }

    /// What a shell makes of `sp:"parus major" q:A` (two arguments, the quotes gone) is the same query.
    @Test(arguments: [
        (["sp:parus major"], "sp:\"parus major\""),
        (["sp:parus major", "q:A"], "sp:\"parus major\" q:A"),
        (["cnt:united kingdom", "great", "tit"], "cnt:\"united kingdom\" great tit"),
        (["cnt:brazil type:song"], "cnt:brazil type:song"),
        (["great tit cnt:france"], "great tit cnt:france"),
        (["sp:\"parus major\""], "sp:\"parus major\""),
        (["gen:turdus"], "gen:turdus"),
    ])
    func anArgumentThatHoldsATagAndASpaceIsOneValue(arguments: [String], joined: String) {
        #expect(SearchQuery.joining(arguments) == joined)
    }

    @Test func rawQueriesPassAsTyped() {
        #expect(SearchQuery("great tit", raw: true).text == "great tit")
    }

    @Test func tokensRespectQuotes() {
        #expect(QueryTokenizer.tokens("sp:\"parus major\" dawn") == [.tagged("sp:\"parus major\""), .bare("dawn")])
        #expect(QueryTokenizer.split("sp:\"parus major\"")! == ("sp", "parus major"))
        #expect(QueryTokenizer.split("CNT:France")! == ("cnt", "France"))
    }

    @Test(arguments: [("123456", true), ("XC123456", true), ("xc123456", true), ("https://xeno-canto.org/123456", true),
                      ("song.mp3", false), ("http://example.org/a.mp3", false), ("12ab", false)])
    func recordingNumbers(text: String, isNumber: Bool) {
        #expect(RecordingNumber.isNumber(text) == isNumber)
        if isNumber { #expect(RecordingNumber.digits(text) == "123456") }
    }

    @Test func queryParametersAreStrictlyEncoded() {
        #expect(URLQuery.encode([("query", "sp:\"parus major\" q:A+"), ("page", "2")])
            == "query=sp%3A%22parus%20major%22%20q%3AA%2B&page=2")
    }
}

@Suite("Where the key and API URL come from")
struct SettingsTests {
    @Test func configFileFormat() {
        let file = ConfigFile(bytes: Array("""
            # my chirper settings
            key = abc123   # from xeno-canto.org/account
            api-url="http://127.0.0.1:8080/api/3"
            """.utf8), path: "config")
        #expect(file.values == ["key": "abc123", "api-url": "http://127.0.0.1:8080/api/3"])
        #expect(file.warnings.isEmpty)
    }

    @Test func theNoKeyMessageSaysWhatToDo() {
        #expect(APIError.noKey.description.hasPrefix("No API key: set XC_API_KEY or pass --key"))
        #expect(APIError.noKey.isKeyProblem && APIError.keyRefused(message: "x").isKeyProblem)
        #expect(!APIError.server(status: 500, attempts: 3).isKeyProblem)
    }

    @Test func retryDelaysBackOffAndHonourRetryAfter() {
        let policy = XenoCantoClient.RetryPolicy(attempts: 4, firstDelay: .seconds(1), longestDelay: .seconds(10))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil) == .seconds(1))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil) == .seconds(4))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(5)) == .seconds(5))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(500)) == .seconds(10))
    }
}
