import XenoCanto

/// A recording's details as sections, each with its own items; a section exists only when it has
/// something to say. `info` and browse's detail panel both print these, in this order.
public enum RecordingSection: Equatable, Sendable {
    case recording([Item])
    case place([Item])
    case time([Item])
    case sound([Item])
    case peopleAndLicence([Item])
    case remarks(String)
    case annotations([String])
    case background([String])

    public struct Item: Equatable, Sendable {
        public var label: String
        public var value: String
    }

    public var title: String {
        switch self {
        case .recording: return "Recording"
        case .place: return "Place"
        case .time: return "Time"
        case .sound: return "Sound"
        case .peopleAndLicence: return "People and licence"
        case .remarks: return "Remarks"
        case .annotations: return "Annotations"
        case .background: return "Background species"
        }
    }

    /// The label-and-value pairs of the section, as printed.
    public var items: [Item] {
        switch self {
        case .recording(let items), .place(let items), .time(let items), .sound(let items), .peopleAndLicence(let items):
            return items
        case .remarks(let text):
            return [Item(label: "", value: text)]
        case .background(let lines), .annotations(let lines):
            return lines.map { Item(label: "", value: $0) }
        }
    }

    /// The sections a recording has, in reading order.
    public static func sections(of r: Recording) -> [RecordingSection] {
        let candidates: [RecordingSection] = [
            .recording(present([
                ("XC number", "XC" + r.id),
                ("Species", RecordingHeader.names(r)),
                ("Subspecies", r.subspecies), ("Group", r.group), ("Type", r.soundType), ("Sex", r.sex),
                ("Stage", r.stage), ("Method", r.method), ("Animal seen", r.animalSeen), ("Playback used", r.playbackUsed),
                ("Automatic", r.automatic), ("Registration number", r.registrationNumber),
            ])),
            .place(present([
                ("Country", r.country), ("Locality", r.locality),
                ("Coordinates", r.latitude.flatMap { latitude in r.longitude.map { latitude + ", " + $0 } }),
                ("Altitude", r.altitude.map { $0 + " m" }), ("Temperature", r.temperature.map { $0 + " °C" }),
            ])),
            .time(present([("Date", r.date), ("Time", r.time), ("Uploaded", r.uploaded)])),
            .sound(present([
                ("Length", r.length), ("Sample rate", r.sampleRate.map { $0 + " Hz" }), ("Quality", r.quality),
                ("Device", r.device), ("Microphone", r.microphone),
            ])),
            .peopleAndLicence(present([
                ("Recordist", r.recordist), ("Licence", LicenceName.full(r.licence)),
                ("Page", r.pageURL.flatMap { _ in r.page }),  // made from the number, never the answer's URL
            ])),
            .remarks(r.remarks ?? ""),
            .annotations(r.annotations),
            .background(r.backgroundSpecies),
        ]
        return candidates.filter { !$0.isEmpty }
    }

    var isEmpty: Bool {
        switch self {
        case .recording(let items), .place(let items), .time(let items), .sound(let items), .peopleAndLicence(let items):
            return items.isEmpty
        case .remarks(let text):
            return text.isEmpty
        case .background(let lines), .annotations(let lines):
            return lines.isEmpty
        }
    }

    private static func present(_ fields: [(String, String?)]) -> [Item] {
        fields.compactMap { label, value in
            guard let value, !value.isEmpty else { return nil }
            return Item(label: label, value: value)
        }
    }

    /// Every section as text lines: its title, then its items indented under it, labels aligned.
    public static func lines(_ sections: [RecordingSection]) -> [String] {
        let labelWidth = sections.flatMap(\.items).map { TextWidth.of($0.label) }.max() ?? 0
        var lines: [String] = []
        for section in sections {
            if !lines.isEmpty { lines.append("") }
            lines.append(section.title)
            for item in section.items {
                let label = item.label.isEmpty ? "" : TextWidth.fit(item.label, to: labelWidth) + "  "
                lines.append("  " + label + item.value)
            }
        }
        return lines
    }

    /// Every section in little room: its title in a column of its own, then its items packed along
    /// the line ("Label value · Label value"), wrapping between items. For browse's detail panel.
    public static func compactLines(_ sections: [RecordingSection], width: Int) -> [String] {
        let titleWidth = (sections.map { TextWidth.of($0.title) }.max() ?? 0) + 2
        let room = max(10, width - titleWidth)
        var lines: [String] = []
        for section in sections {
            var packed: [String] = []
            var current = ""
            for item in section.items {
                let text = TextWidth.truncate(item.label.isEmpty ? item.value : item.label + " " + item.value, to: room)
                if current.isEmpty {
                    current = text
                } else if TextWidth.of(current) + 3 + TextWidth.of(text) <= room {
                    current += " · " + text
                } else {
                    packed.append(current)
                    current = text
                }
            }
            packed.append(current)
            for (index, line) in packed.enumerated() {
                lines.append(TextWidth.fit(index == 0 ? section.title : "", to: titleWidth) + line)
            }
        }
        return lines
    }
}
