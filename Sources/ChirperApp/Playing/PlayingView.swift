import ChirperCore
import PlaybackModel
import Locking
import XenoCanto

/// What a playing session shows, drawn from its `PlayingModel`: a track's header line when it begins
/// (a queue's), its status redrawn in place on a terminal with the help bar below it (or the `?` key
/// list), and a line when a track fails. In the linear mode (a pipe, TERM=dumb, `--plain`) it is a
/// conversation of whole lines, each said once: the keys announced when they are read, a line per
/// change (what plays, paused, the place after a seek, speed and loop, the volume, the end), `?` the
/// keys a line each. Events come from the engine and keys from the key task, hence the lock.
final class PlayingView: Sendable {
    /// Where the status line sits.
    enum Layout: Sendable {
        /// A line per track, below its header (play, queue).
        case lines
        /// One status line under compare's frame, which is drawn again with it.
        case compare(CompareScreen)
    }

    private let items: [PlayingSession.Item]
    private let live: Bool
    /// Keys are read (stdin is a terminal): the help bar is worth showing.
    private let takesKeys: Bool
    /// Keys are read and the lines are linear: they are announced once, and `?` says them.
    private let announcesKeys: Bool
    private let width: Int
    private let layout: Layout
    private struct Shown {
        var model: PlayingModel
        /// The last status said in the linear mode, not said again until it changes.
        var plain = ""
        /// The last line said in the linear mode: none is said twice in a row.
        var lastLine = ""
        /// Seconds until the next track, between tracks of a queue with a gap.
        var gap: Int?
    }
    private let shown: Locked<Shown>

    init(items: [PlayingSession.Item], model: PlayingModel, live: Bool, takesKeys: Bool, width: Int, layout: Layout = .lines) {
        self.items = items
        self.live = live
        self.takesKeys = takesKeys && live
        announcesKeys = takesKeys && !live
        self.width = width
        self.layout = layout
        shown = Locked(Shown(model: model))
    }

    /// A whole pass of the items failed (the model counts the failures in a row).
    var wholePassFailed: Bool { shown.withLock { $0.model.wholePassFailed } }

    /// A key, through the model: what it asks for. The key list is drawn or taken away at once.
    func press(_ key: TerminalKey) -> [PlayingModel.Command] {
        shown.withLock { shown in
            let before = (shown.model.showsKeys, shown.model.markNote)
            let commands = shown.model.press(key)
            if before != (shown.model.showsKeys, shown.model.markNote), shown.model.index != nil {
                if !live, let note = shown.model.markNote, note != before.1 { say([note], &shown, always: true) }
                draw(&shown)
            }
            if commands.contains(.sayKeys) { say(KeyLists.lines(on: shown.model.screen), &shown, always: true) }
            return commands.filter { $0 != .sayKeys }
        }
    }

    /// The volume a key set, said in the linear mode (a terminal's status line has no room for it).
    func say(volume: Double) {
        guard !live else { return }
        shown.withLock { say(["volume \(Int((volume * 100).rounded())) %"], &$0, always: true) }
    }

    /// Lines said in the linear mode; the status line is said again after them only when it changes.
    /// `always`: the answer to a key, said even when it is the line said last (a second `?`).
    private func say(_ lines: [String], _ shown: inout Shown, always: Bool = false) {
        guard let last = lines.last, always || last != shown.lastLine else { return }
        StandardOutput.raw(lines.map { $0 + "\n" }.joined())
        shown.lastLine = last
    }

    /// An event of the engine; what the model asks for (a mark to keep).
    func apply(_ index: Int, _ event: PlaybackEvent) -> [PlayingModel.Command] {
        let item = items[index % items.count]
        return shown.withLock { shown in
            if case .marked(let seconds) = event { return shown.model.marked(index, at: seconds) }
            if case .compare(let screen) = layout { screen.apply(index, event) }
            let first = shown.model.index == nil
            if shown.model.receive(index, event) {
                shown.plain = ""
                shown.gap = nil
                if case .lines = layout {
                    if live && !first { StandardOutput.raw(TerminalEscape.clearBelow + "\n") }
                    if let header = item.header { StandardOutput.raw("\(index % items.count + 1)/\(items.count) · \(header)\n") }
                }
                if first && announcesKeys { StandardOutput.raw(KeyLists.announcement + "\n") }
            }
            if !live, case .jumped(let to) = event { say(["at " + RecordingLength.format(to)], &shown) }
            draw(&shown)
            return []
        }
    }

    /// The marks the library holds on each item: places to go to.
    func learn(_ marks: [[MarkedRegion]]) {
        shown.withLock { $0.model.learn(marks) }
    }

    /// What the store did with a mark: said as a line, or beside the status line.
    func kept(_ item: Int, _ region: MarkedRegion, _ outcome: PlayingModel.MarkOutcome) {
        shown.withLock { shown in
            shown.model.kept(item, region, outcome)
            if live { draw(&shown) } else if let note = shown.model.markNote { say([note], &shown, always: true) }
        }
    }

    /// Between tracks: how long until the next, counting down on a terminal.
    func showGap(_ seconds: Int) {
        guard live else { return }
        shown.withLock { shown in
            shown.gap = seconds
            draw(&shown)
        }
    }

    /// After the last track: the help bar taken away and the live line ended; in the linear mode, the
    /// end said (`stopped`: by q or a signal).
    func end(stopped: Bool) {
        shown.withLock { shown in
            if live && shown.model.index != nil { StandardOutput.raw(TerminalEscape.clearBelow + "\n") }
            if !live && shown.model.index != nil { say([stopped ? "stopped" : "ended"], &shown) }
        }
    }

    private func draw(_ shown: inout Shown) {
        let model = shown.model
        guard let item = model.item else { return }
        if case .failed(let error) = model.playback {
            let line = "✗ \(items[item].name): \(error)"
            StandardOutput.raw(live ? Self.inPlace(line, below: helpLines(model)) : line + "\n")
            return
        }
        if live {
            let note = model.markNote.map { "  " + $0 } ?? ""
            let status = shown.gap.map { "next in \($0) s" }
                ?? TextWidth.truncate(PlaybackLine.render(model.playback, settings: model.listening, width: max(20, width - TextWidth.of(note))) + note, to: width)
            StandardOutput.raw(Self.inPlace(status, below: helpLines(model)))
        } else {
            let plain = PlainStatus.line(model.playback, settings: model.listening)
            if plain != shown.plain, !plain.isEmpty {
                StandardOutput.raw(plain + "\n")
                shown.plain = plain
                shown.lastLine = plain
            }
        }
    }

    /// Below the status line: the key list when open, else the help bar.
    private func helpLines(_ model: PlayingModel) -> [String] {
        guard takesKeys else { return [] }
        if model.showsKeys { return KeyOverlay.lines(on: model.screen, width: width) }
        return [HelpBar.line(KeyLists.bar(on: model.screen, playing: true), width: width)]
    }

    /// `line` drawn over the status line and `below` under it, everything below cleared first, the
    /// cursor left at the end of `line` (where the next draw starts again).
    static func inPlace(_ line: String, below: [String]) -> String {
        var text = "\r" + TerminalEscape.clearBelow + line
        guard !below.isEmpty else { return text }
        text += below.map { "\n" + $0 }.joined() + TerminalEscape.lineStart(up: below.count)
        let column = TextWidth.of(line)
        if column > 0 { text += TerminalEscape.right(column) }
        return text
    }
}

/// Status lines for a pipe: what happened, without the ticking clock.
enum PlainStatus {
    static func line(_ state: PlaybackState, settings: ListeningSettings = .normal) -> String {
        let tools = settings.statusSuffix
        switch state {
        case .idle: return ""
        case .buffering: return "buffering"
        case .playing(let position): return "playing" + (position.duration.map { " (" + RecordingLength.format($0) + ")" } ?? "") + tools
        case .paused: return "paused" + tools
        case .failed(let error): return "failed: \(error)"
        }
    }
}
