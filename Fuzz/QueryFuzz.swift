/// libFuzzer target: arbitrary bytes as what a person types after `chirper search`. Turning them into a
/// v3 query must never crash, every term of the result must be tagged (v3 answers 400 to bare words),
/// and doing it twice must change nothing (a query read back from history is sent as it was).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let typed = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let query = SearchQuery(typed)
    for token in QueryTokenizer.tokens(query.text) {
        guard case .tagged(let term) = token else { fatalError("a bare word left in \(query.text.debugDescription)") }
        precondition(QueryTokenizer.split(term) != nil, "a tagged term without a tag: \(term.debugDescription)")
    }
    precondition(SearchQuery(query.text).text == query.text, "tagging \(query.text.debugDescription) again changed it")
    precondition(SearchQuery(typed, raw: true).text.count <= typed.count)
    let digits = RecordingNumber.digits(typed)
    if RecordingNumber.isNumber(typed) { precondition(!digits.isEmpty, "a number without digits: \(typed.debugDescription)") }
    _ = SearchQuery.number(typed)
    return 0
}
