import DisplayText
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

    let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
    let recording = Recording(id: "1", genus: parts.first, species: parts.dropFirst().first, englishName: line,
                              recordist: parts.last, country: text.isEmpty ? nil : line, soundType: parts.first, length: parts.last)
    let width = Int(count % 150) + 1
    let table = RecordingTable(rows: [Row(recording: recording), Row(recording: recording)], width: width) { _ in "▶" }
    for index in 0..<2 {
        let shown = table.line(at: index)
        precondition(TextWidth.of(shown) <= width, "a line of \(TextWidth.of(shown)) cells in \(width)")
        precondition(!shown.unicodeScalars.contains(where: Displayable.isUnsafe), "a control in the table: \(shown.debugDescription)")
    }
    return 0
}
