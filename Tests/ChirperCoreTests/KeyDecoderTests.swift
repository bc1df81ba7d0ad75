import Testing
@testable import ChirperCore

@Suite("Keys from a raw terminal's bytes")
struct KeyDecoderTests {
    func keys(_ text: String) -> [TerminalKey] { KeyDecoder.keys(Array(text.utf8)) }

    @Test func lettersEnterBackspaceAndControl() {
        #expect(keys("jk q") == [.character("j"), .character("k"), .character(" "), .character("q")])
        #expect(keys("\r\n\u{7F}\u{03}") == [.enter, .enter, .backspace, .control("c")])
    }

    @Test func escapeSequencesAreOneKeyEach() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.pageUp, .pageDown, .home, .end, .home, .end])
        #expect(keys("\u{1B}") == [.escape], "a lone ESC is the Escape key")
        #expect(keys("\u{1B}[15~j") == [.character("j")], "an unknown sequence is swallowed whole")
        #expect(keys("\u{1B}[1;5A") == [.up], "modifiers are ignored")
        #expect(keys("\u{1B}[3~") == [.delete])
    }

    @Test func escapeAndALetterInOneReadIsAltAndScreensWithoutEditingSplitIt() {
        #expect(keys("\u{1B}b\u{1B}F") == [.alt("b"), .alt("F")])
        #expect(keys("\u{1B}/") == [.escape, .character("/")], "only letters: Esc then / stays two keys")
        #expect(TerminalKey.alt("q").unalted == [.escape, .character("q")])
        #expect(TerminalKey.up.unalted == [.up])
    }

    @Test func utf8TextIsOneCharacterPerCharacter() {
        #expect(keys("pé😀") == [.character("p"), .character("é"), .character("😀")])
        #expect(KeyDecoder.keys([0xC3]) == [], "a cut sequence is dropped, not misread")
    }
}
