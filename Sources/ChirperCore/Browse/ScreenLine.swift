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
        if full { output += "\u{1B}[0m\u{1B}[2J" }
        for (index, line) in new.enumerated() where full || old![index] != line {
            output += "\u{1B}[\(index + 1);1H" + start(line.style) + TextWidth.fit(line.text, to: width) + "\u{1B}[0m"
        }
        return output
    }

    static func start(_ style: ScreenLine.Style) -> String {
        switch style {
        case .plain: return ""
        case .bold: return "\u{1B}[1m"
        case .dim: return "\u{1B}[2m"
        case .inverse: return "\u{1B}[7m"
        }
    }
}
