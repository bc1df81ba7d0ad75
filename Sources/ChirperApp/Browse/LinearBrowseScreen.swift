import ChirperCore
import DisplayText

/// Browse in the linear mode: what changed is said, a whole line each, never a frame. The heading when
/// the results change, each row of the page once (again when its star changes), the sound of the row
/// that plays at each change, the details asked for and the sonogram in words, and the state's messages
/// and notices.
struct LinearBrowseScreen: BrowseScreen {
    private var heading: String?
    /// The page said (its first row), and each of its rows as said.
    private var top: Int?
    private var rowLines: [String: String] = [:]
    private var sound: String?
    private var details: [String]?
    private var sonogram: [String]?
    private var message: [String] = []
    private var notice: String?
    private var lastLine = ""

    mutating func draw(_ model: BrowseModel) {
        var lines: [String] = []
        // A search under way: its answer is said whole, even when it is the same as before.
        if case .loading = model.list { (heading, top, rowLines) = (nil, nil, [:]) }
        if let heading = BrowseLinear.heading(model), heading != self.heading {
            self.heading = heading
            rowLines = [:]
            lines.append(heading)
        }
        // Another page (n, p, a row chosen on it): its rows are said again.
        if model.top != top {
            top = model.top
            rowLines = [:]
        }
        let message = BrowseLinear.message(model)
        if message != self.message {
            self.message = message
            lines += message
        }
        for (id, line) in BrowseLinear.rows(model) where rowLines[id] != line {
            rowLines[id] = line
            lines.append(line)
        }
        let details = BrowseLinear.details(model)
        if details != self.details {
            self.details = details
            lines += details ?? []
        }
        let sonogram = BrowseLinear.sonogram(model)
        if sonogram != self.sonogram {
            self.sonogram = sonogram
            lines += sonogram ?? []
        }
        let sound = BrowseLinear.sound(model)?.line
        if sound != self.sound {
            lines += sound.map { [$0] } ?? (self.sound == nil ? [] : ["Stopped."])
            self.sound = sound
        }
        if model.notice != notice {
            notice = model.notice
            lines += notice.map { [$0] } ?? []
        }
        say(lines)
    }

    mutating func invalidate() {}

    mutating func say(_ lines: [String]) {
        let lines = lines.map { Displayable.line($0) }.filter { !$0.trimmed.isEmpty }
        let new = lines.first == lastLine ? Array(lines.dropFirst()) : lines
        guard let last = new.last else { return }
        StandardOutput.raw(new.map { $0 + "\n" }.joined())
        lastLine = last
    }
}
