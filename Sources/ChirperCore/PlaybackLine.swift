import PlaybackModel
import XenoCanto

/// The one-line status of a playing row: "buffering 42%", "▶ 0:07 / 0:21 ━━━━━━━──────", and the
/// speed and loop in force after the bar: "▶ 0:02 / 0:21 ━━─────── ½× ⟲ 0:01.5–0:03.2".
public enum PlaybackLine {
    public static func render(_ state: PlaybackState, settings: ListeningSettings = .normal, width: Int) -> String {
        let line: String
        let tools = settings.statusSuffix
        switch state {
        case .idle:
            line = ""
        case .buffering(let progress):
            line = "buffering" + (progress.map { " \(Int(($0 * 100).rounded()))%" } ?? "…")
        case .playing(let position):
            line = "▶ " + timeAndBar(position, width: width - 2 - TextWidth.of(tools)) + tools
        case .paused(let position):
            line = "‖ " + timeAndBar(position, width: width - 11 - TextWidth.of(tools)) + tools + "  (paused)"
        case .failed(let error):
            line = "✗ " + error.description
        }
        return TextWidth.truncate(line, to: width)
    }

    static func timeAndBar(_ position: PlaybackPosition, width: Int) -> String {
        let elapsed = RecordingLength.format(position.elapsed)
        guard let duration = position.duration, let fraction = position.fraction else { return elapsed }
        let times = elapsed + " / " + RecordingLength.format(duration)
        let barWidth = min(30, width - times.count - 1)
        guard barWidth >= 5 else { return times }
        let filled = Int((fraction * Double(barWidth)).rounded())
        return times + " " + String(repeating: "━", count: filled) + String(repeating: "─", count: barWidth - filled)
    }
}

/// Licence URLs as people cite them: "//creativecommons.org/licenses/by-nc-sa/4.0/" → "CC BY-NC-SA 4.0",
/// "//creativecommons.org/publicdomain/zero/1.0/" → "CC0 1.0". Anything else is shown as it came.
public enum LicenceName {
    public static func short(_ url: String?) -> String? {
        guard let url else { return nil }
        let parts = url.split(separator: "/").map(String.init)
        if let index = parts.firstIndex(of: "publicdomain"), parts.count > index + 2 {
            switch parts[index + 1] {
            case "zero": return "CC0 " + parts[index + 2]
            case "mark": return "Public Domain Mark " + parts[index + 2]
            default: return url
            }
        }
        guard let index = parts.firstIndex(of: "licenses"), parts.count > index + 2 else { return url }
        return "CC " + parts[index + 1].uppercased() + " " + parts[index + 2]
    }

    /// The short name and what it stands for: "CC BY-NC-SA 4.0 (Attribution-NonCommercial-ShareAlike 4.0 International)".
    public static func full(_ url: String?) -> String? {
        guard let name = short(url) else { return nil }
        if name.hasPrefix("CC0 ") { return name + " (Universal Public Domain Dedication)" }
        let parts = name.dropFirst(3).split(separator: " ")
        guard name.hasPrefix("CC "), parts.count == 2 else { return name }
        let terms: [Substring: String] = ["BY": "Attribution", "NC": "NonCommercial", "SA": "ShareAlike", "ND": "NoDerivatives"]
        let words = parts[0].split(separator: "-").map { terms[$0] ?? String($0) }
        // Each version's own word: 4.0 International, 3.0 Unported, 2.5 and earlier Generic.
        let scope = ["4.0": " International", "3.0": " Unported", "2.5": " Generic", "2.0": " Generic", "1.0": " Generic"][String(parts[1])] ?? ""
        return name + " (" + words.joined(separator: "-") + " \(parts[1])" + scope + ")"
    }
}

/// The header line before a recording plays: XC number, names, recordist, licence.
public enum RecordingHeader {
    /// "Great Tit (Parus major)", or the one name there is; nil for none.
    public static func names(_ recording: Recording) -> String? {
        let names = [recording.englishName, recording.scientificName.isEmpty ? nil : "(\(recording.scientificName))"].compactMap { $0 }
        return names.isEmpty ? nil : names.joined(separator: " ")
    }

    public static func line(_ recording: Recording) -> String {
        var parts = ["XC" + recording.id]
        if let names = names(recording) { parts.append(names) }
        if let length = recording.length { parts.append(length) }
        if let recordist = recording.recordist { parts.append(recordist) }
        if let licence = LicenceName.short(recording.licence) { parts.append(licence) }
        return parts.joined(separator: " · ")
    }
}
