import ChirperCore
import DisplayText

/// Where the quiz is shown: the alternate screen (`FullScreen`), or whole lines said once each (the
/// linear mode's `LinearQuizScreen`). The loop and the model are the same for both.
protocol QuizScreen {
    /// Shows the quiz as it is now, and `notice` under it.
    mutating func show(_ quiz: QuizModel, title: String, notice: String?)
    /// Says `lines` outside the quiz's own (the linear mode's command list, a line not understood).
    mutating func say(_ lines: [String])
    /// The next show draws everything.
    mutating func invalidate()
    /// Runs `body` with the terminal another program's, and takes it back.
    mutating func lend<T>(_ body: () async -> T) async -> T
}

extension FullScreen: QuizScreen {
    mutating func show(_ quiz: QuizModel, title: String, notice: String?) {
        let size = Terminal.size ?? (80, 24)
        var lines = QuizRenderer.lines(quiz, title: title)
        if let notice { lines.append(Displayable.line(notice)) }
        let frame = Array((lines + Array(repeating: "", count: max(0, size.height - lines.count))).prefix(size.height))
        draw(frame.map { ScreenLine(TextWidth.truncate($0, to: size.width)) }, width: size.width)
    }

    /// The full screen has no lines outside its frame.
    mutating func say(_ lines: [String]) {}
}

/// The linear mode's quiz: each line of the quiz said once, in order, as a conversation. A question is
/// a scene (its heading first): within it a line already said is not said again, so what changes is
/// all that is heard (the reveal); the sound's line is said at each change of the sound.
struct LinearQuizScreen: QuizScreen {
    /// The line reader, paused while another program has the terminal (compare, from `c`).
    let lines: LinearLines
    private var scene: String?
    private var said: Set<String> = []
    /// The sound's last line said in this scene, and whether it has played in it.
    private var sound: String?
    private var played = false
    private var lastLine = ""

    init(lines: LinearLines) { self.lines = lines }

    mutating func show(_ quiz: QuizModel, title: String, notice: String?) {
        let lines = QuizRenderer.lines(quiz, title: title, linear: true) + (notice.map { [Displayable.line($0)] } ?? [])
        guard let heading = lines.first else { return }
        if heading != scene {
            (scene, said, sound, played) = (heading, [], nil, false)
        }
        var new: [String] = []
        for line in lines where !line.trimmed.isEmpty {
            guard line.hasPrefix("Sound") else {
                if said.insert(line).inserted { new.append(line) }
                continue
            }
            // The sound is over only once it has played: not before it starts.
            if line.contains("playing") { played = true }
            if line.hasSuffix(QuizRenderer.soundOver.dropFirst("Sound".count)), !played { continue }
            if line != sound { new.append(line) }
            sound = line
        }
        write(new)
    }

    mutating func say(_ lines: [String]) { write(lines.map { Displayable.line($0) }) }

    mutating func invalidate() {}

    /// No line is read while the other program has the terminal: its keys are its own.
    mutating func lend<T>(_ body: () async -> T) async -> T {
        lines.pause()
        defer { lines.resume() }
        return await body()
    }

    private mutating func write(_ lines: [String]) {
        let lines = lines.first == lastLine ? Array(lines.dropFirst()) : lines
        guard let last = lines.last else { return }
        StandardOutput.raw(lines.map { $0 + "\n" }.joined())
        lastLine = last
    }
}
