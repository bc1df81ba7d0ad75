/// One line of a full-screen frame: its text and how it is drawn.
public struct ScreenLine: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case plain, bold, dim, inverse
    }

    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// The bytes that change what a terminal shows from one frame to the next: only the lines that differ
/// are written, each in place, so a step through a long list costs what changed, not the whole screen.
public enum ScreenUpdate {
    /// From `old` (nil: the screen is in an unknown state, redraw it all) to `new`, each line padded
    /// to `width` cells so nothing of the old line is left behind.
    public static func bytes(from old: [ScreenLine]?, to new: [ScreenLine], width: Int) -> String {
        var output = ""
        let full = old == nil || old!.count != new.count
        if full { output += TerminalEscape.reset + TerminalEscape.clearScreen }
        for (index, line) in new.enumerated() where full || old![index] != line {
            output += TerminalEscape.moveTo(row: index + 1, column: 1) + start(line.style) + TextWidth.fit(line.text, to: width) + TerminalEscape.reset
        }
        return output
    }

    static func start(_ style: ScreenLine.Style) -> String {
        switch style {
        case .plain: return ""
        case .bold: return TerminalEscape.bold
        case .dim: return TerminalEscape.dim
        case .inverse: return TerminalEscape.inverse
        }
    }
}
