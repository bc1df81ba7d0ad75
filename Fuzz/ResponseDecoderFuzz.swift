import Foundation

/// libFuzzer target: arbitrary bytes as an API response body. Decoding must either throw or give a
/// page that survives its own `--json` form unchanged (what `search --json` prints reads back the same).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponseDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    if let page = try? JSONDecoder().decode(Page.self, from: body) {
        let written: Data
        do { written = try JSONEncoder().encode(page) } catch { fatalError("a decoded page did not encode: \(error)") }
        guard let again = try? JSONDecoder().decode(Page.self, from: written) else {
            fatalError("a page's own JSON did not decode: \(String(decoding: written, as: UTF8.self))")
        }
        precondition(again == page, "a page changed on its way through its JSON")
        _ = page.hasNextPage
    }
    _ = try? JSONDecoder().decode(APIErrorBody.self, from: body)
    return 0
}
