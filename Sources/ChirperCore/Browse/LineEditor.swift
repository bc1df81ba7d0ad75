/// A line being typed, edited with the keys readline and every shell take: ← → and Ctrl-B F move by a
/// character, Alt-B F by a word, Ctrl-A E (Home, End) to either end; Backspace and Ctrl-D (Delete)
/// delete a character, Ctrl-W the word before, Alt-D the word after, Ctrl-U and Ctrl-K to the start or
/// the end; Ctrl-Y puts back what was deleted last.
public struct LineEditor: Sendable, Equatable {
    public private(set) var characters: [Character]
    /// Where the next character goes, from 0 (before the first) to `characters.count`.
    public private(set) var cursor: Int
    /// What the last Ctrl-W, Alt-D, Ctrl-U or Ctrl-K took, for Ctrl-Y.
    private var killed: [Character] = []

    /// `text` with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Lines are the same when they show the same: what Ctrl-Y would put back is not shown.
    public static func == (a: LineEditor, b: LineEditor) -> Bool { a.characters == b.characters && a.cursor == b.cursor }
    public var beforeCursor: String { String(characters[..<cursor]) }
    public var afterCursor: String { String(characters[cursor...]) }

    /// Applies an editing key; false when `key` edits nothing here (Enter, Esc, ↑ ↓ are the caller's).
    public mutating func apply(_ key: TerminalKey) -> Bool {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace, .control("h"):
            if cursor > 0 { remove(cursor - 1..<cursor, keeping: false) }
        case .delete, .control("d"):
            if cursor < characters.count { remove(cursor..<cursor + 1, keeping: false) }
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .alt("b"): cursor = wordStart(before: cursor)
        case .alt("f"): cursor = wordEnd(after: cursor)
        case .control("w"): remove(spaceDelimitedStart(before: cursor)..<cursor, keeping: true)
        case .alt("d"): remove(cursor..<wordEnd(after: cursor), keeping: true)
        case .control("u"): remove(0..<cursor, keeping: true)
        case .control("k"): remove(cursor..<characters.count, keeping: true)
        case .control("y"):
            characters.insert(contentsOf: killed, at: cursor)
            cursor += killed.count
        default:
            return false
        }
        return true
    }

    private mutating func remove(_ range: Range<Int>, keeping: Bool) {
        guard !range.isEmpty else { return }
        if keeping { killed = Array(characters[range]) }
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    /// Alt-B: to the start of the word at or before the cursor (words are letters and digits).
    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !isWord(characters[index - 1]) { index -= 1 }
        while index > 0, isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Alt-F: to the end of the word at or after the cursor.
    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, !isWord(characters[index]) { index += 1 }
        while index < characters.count, isWord(characters[index]) { index += 1 }
        return index
    }

    /// Ctrl-W takes back to the previous space, as the shell's does (a `cnt:france` goes whole).
    private func spaceDelimitedStart(before position: Int) -> Int {
        var index = position
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    private func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
