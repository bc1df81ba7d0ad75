/// A key as a terminal in raw mode sends it, decoded from the bytes of one read.
public enum TerminalKey: Equatable, Sendable {
    /// A printable character, typed as is (letters, digits, space, UTF-8 text).
    case character(Character)
    /// Ctrl plus a letter, e.g. `.control("c")` for Ctrl-C.
    case control(Character)
    /// Alt (Meta) plus a character, sent as ESC before it: `.alt("b")`.
    case alt(Character)
    case enter, escape, backspace, tab, delete
    case up, down, left, right, pageUp, pageDown, home, end
}

/// Turns the bytes of a raw-mode terminal into keys. A read returns whole escape sequences in practice
/// (the terminal writes each in one go), so a lone ESC at the end of a chunk is the Escape key.
public enum KeyDecoder {
    public static func keys(_ bytes: some Collection<UInt8>) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        let bytes = Array(bytes)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes[index...])
                if let key { keys.append(key) }
                index += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
            case 0x20..<0x7F: keys.append(.character(Character(UnicodeScalar(byte))))
            case 0xC0...0xF7:
                // A UTF-8 sequence: as many bytes as its lead byte says.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(bytes.count, index + length)
                if let text = String(validating: bytes[index..<end], as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index = end
                continue
            default: break  // other control bytes and stray continuation bytes mean nothing here
            }
            index += 1
        }
        return keys
    }

    /// The key an escape sequence at the start of `bytes` stands for, and how many bytes it takes.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (TerminalKey?, Int) {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return (.escape, 1) }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // ESC and a printable character in one read: the terminal's Alt (Meta) key.
            if introducer.isLetter { return (.alt(Character(UnicodeScalar(introducer))), 2) }
            return (.escape, 1)
        }
        // CSI: parameters (digits and ;) then one final byte from @ to ~.
        var end = start + 2
        while end < bytes.endIndex, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return (nil, bytes.count) }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let key: TerminalKey?
        switch (bytes[end], parameters) {
        case (UInt8(ascii: "A"), _): key = .up
        case (UInt8(ascii: "B"), _): key = .down
        case (UInt8(ascii: "C"), _): key = .right
        case (UInt8(ascii: "D"), _): key = .left
        case (UInt8(ascii: "H"), _): key = .home
        case (UInt8(ascii: "F"), _): key = .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): key = .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): key = .end
        case (UInt8(ascii: "~"), "3"): key = .delete
        case (UInt8(ascii: "~"), "5"): key = .pageUp
        case (UInt8(ascii: "~"), "6"): key = .pageDown
        default: key = nil  // a key Chirper has no use for (F-keys, Insert…): swallowed whole
        }
        return (key, end - start + 1)
    }
}

extension TerminalKey {
    /// The keys as a screen without line editing takes them: Alt-x is Esc then x (a quick Esc and
    /// letter arrive in one read, as Alt-x does).
    public var unalted: [TerminalKey] {
        if case .alt(let character) = self { return [.escape, .character(character)] }
        return [self]
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
