import Testing
@testable import ChirperApp

/// The key never reaches a stream, however a server dresses it.
@Suite("The key hidden from every print")
struct RedactionTests {
    @Test func theKeyIsHiddenInAnyCaseAndWithInvisibleCharactersOrMarks() {
        Redaction.hide("SomeKey123abc")
        for echoed in ["The key 'SomeKey123abc' is not valid", "key somekey123abc!", "SOMEKEY123ABC",
                       "Some\u{200B}Key\u{00AD}123abc", "SomeKey123abc\u{0301} is not valid", "S\u{0301}omeKey123abc"] {
            let shown = Redaction.apply(echoed)
            #expect(shown.contains("[key hidden]"), "\(echoed.debugDescription) -> \(shown.debugDescription)")
            #expect(!shown.lowercased().contains("somekey"), "\(shown.debugDescription)")
        }
        #expect(Redaction.apply("nothing secret here") == "nothing secret here")
        #expect(Redaction.apply("SomeKey12 is another") == "SomeKey12 is another", "a prefix of the key is not the key")
    }

    @Test func aShortKeyIsAWordAndStaysShown() {
        Redaction.hide("demo")
        #expect(Redaction.apply("the demo catalog") == "the demo catalog")
    }
}
