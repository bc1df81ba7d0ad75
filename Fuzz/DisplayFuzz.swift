import DisplayText
import FoundationEssentials
import XenoCanto

/// libFuzzer target: arbitrary bytes as the text of a recording's fields. What `Displayable` gives must
/// hold nothing a terminal obeys, must not change when shown again, and the table laid out from such
/// rows must never put a control character on a line or a line past its width.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplay(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let line = Displayable.line(text)
    precondition(!line.unicodeScalars.contains(where: Displayable.isUnsafe), "unsafe scalar kept: \(line.debugDescription)")
    precondition(Displayable.line(line) == line, "showing twice changed \(line.debugDescription)")
    let lines = Displayable.lines(text)
    precondition(!lines.unicodeScalars.contains { $0 != "\n" && Displayable.isUnsafe($0) }, "unsafe scalar kept: \(lines.debugDescription)")

    // The table is laid out from a recording read the way the API's are, from JSON: a renderer that
    // skipped the reading's cleaning would be caught here.
    let fields = ["id": "1", "gen": text, "sp": text, "en": text, "rec": text, "cnt": text, "type": text, "length": text, "q": text]
    guard let json = try? JSONEncoder().encode(fields), let recording = try? JSONDecoder().decode(Recording.self, from: json) else {
        return 0
    }
    let width = Int(count % 150) + 1
    let table = RecordingTable(rows: [Row(recording: recording), Row(recording: recording)], width: width) { _ in "▶" }
    for index in 0..<2 {
        let shown = table.line(at: index)
        precondition(TextWidth.of(shown) <= width, "a line of \(TextWidth.of(shown)) cells in \(width)")
        precondition(!shown.unicodeScalars.contains(where: Displayable.isUnsafe), "a control in the table: \(shown.debugDescription)")
    }
    return 0
}
