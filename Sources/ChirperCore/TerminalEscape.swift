/// Every escape sequence Chirper writes to a terminal, in one place: the browse screen's updates, the
/// sonogram's colours, the live status lines and the restore on the way out all take theirs from here.
public enum TerminalEscape {
    /// Plain text again: no colour, no bold.
    public static let reset = "\u{1B}[0m"
    public static let bold = "\u{1B}[1m"
    public static let dim = "\u{1B}[2m"
    public static let inverse = "\u{1B}[7m"
    public static let clearScreen = "\u{1B}[2J"
    /// Back to the line's start and the line emptied: a status line drawn again in place.
    public static let clearLine = "\r\u{1B}[2K"
    /// Everything from the cursor to the end of the screen emptied: the lines under a status line.
    public static let clearBelow = "\u{1B}[J"
    /// The alternate screen, the cursor hidden, the screen cleared.
    public static let enterFullScreen = "\u{1B}[?1049h\u{1B}[?25l" + clearScreen
    /// Plain text, the cursor shown, the main screen back. A StaticString: written from a signal handler,
    /// where nothing may allocate.
    public static let leaveFullScreen: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// The alternate screen and the hidden cursor again after a suspension (`fg`), from the signal
    /// handler; the frame that follows repaints the whole screen.
    public static let reenterFullScreen: StaticString = "\u{1B}[?1049h\u{1B}[?25l"

    /// The cursor up `lines` lines, to the start of that line: a block above the status line drawn again.
    public static func lineStart(up lines: Int) -> String { "\r\u{1B}[\(lines)A" }

    /// The cursor `columns` cells to the right.
    public static func right(_ columns: Int) -> String { "\u{1B}[\(columns)C" }

    /// The cursor to `row` and `column`, both from 1.
    public static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }

    /// 24-bit colours, foreground and background.
    public static func colours(foreground f: (Int, Int, Int), background b: (Int, Int, Int)) -> String {
        "\u{1B}[38;2;\(f.0);\(f.1);\(f.2)m\u{1B}[48;2;\(b.0);\(b.1);\(b.2)m"
    }

    /// Colours of the 256-colour palette, foreground and background.
    public static func colours(foreground256 f: Int, background256 b: Int) -> String {
        "\u{1B}[38;5;\(f)m\u{1B}[48;5;\(b)m"
    }

    /// OSC 52: asks the terminal to put text (given in base64) on the system clipboard.
    public static func setClipboard(base64: String) -> String {
        "\u{1B}]52;c;" + base64.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=") } + "\u{07}"
    }
}
