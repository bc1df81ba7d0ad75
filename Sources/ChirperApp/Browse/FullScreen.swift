import ChirperCore

/// The alternate screen browse and the quiz draw on, and what it last drew there.
struct FullScreen: BrowseScreen {
    private var shown: [ScreenLine]?
    private let input: TerminalInput

    init(input: TerminalInput) {
        self.input = input
        TerminalRestore.setFullScreen(true)
        Self.write(TerminalEscape.enterFullScreen)
    }

    /// Writes the lines of the model's frame that differ from what is on screen.
    mutating func draw(_ model: BrowseModel) { draw(BrowseRenderer.frame(model), width: model.layout.width) }

    /// Writes the lines of `frame` that differ from what is on screen.
    mutating func draw(_ frame: [ScreenLine], width: Int) {
        let bytes = ScreenUpdate.bytes(from: shown, to: frame, width: width)
        shown = frame
        if !bytes.isEmpty { Self.write(bytes) }
    }

    /// The next draw repaints everything (after a resize the terminal's content is not ours to trust).
    mutating func invalidate() { shown = nil }

    /// Runs `body` with the terminal as it was before this screen (for another program to use), and
    /// takes it back: keys, settings, and the whole screen, repainted at the next draw.
    mutating func lend<T>(_ body: () async -> T) async -> T {
        let result = await input.lend(body)
        shown = nil
        return result
    }

    func leave() { TerminalRestore.restore() }

    private static func write(_ text: String) {
        StandardOutput.raw(text)
    }
}
