import DisplayText
import XenoCanto

/// The text files a pack's folder holds beside its recordings: `CREDITS.md`, the attribution that
/// xeno-canto's terms and the licences ask for, and an M3U playlist for other players.
public enum PackDocuments {
    /// One recording of a pack as its documents need it.
    public struct Entry: Sendable {
        public var recording: Recording
        /// The file's path (absolute for a playlist).
        public var path: String
        /// The day it was fetched, as "2026-11-25".
        public var fetched: String

        public init(recording: Recording, path: String, fetched: String) {
            self.recording = recording
            self.path = path
            self.fetched = fetched
        }
    }

    public static func credits(pack name: String, entries: [Entry]) -> String {
        var lines = ["# Credits: the pack \(clean(name))", "",
                     "Recordings from xeno-canto (https://xeno-canto.org), used under the licence each names.", ""]
        for entry in entries {
            let r = entry.recording
            let species = [r.englishName.map(clean), "*\(clean(r.scientificName))*"].compactMap { $0 }.joined(separator: " ")
            let licence = LicenceName.short(r.licence).map(clean) ?? "licence not given"
            let licenceURL = r.licence.map { clean(Recording.absoluteURL($0)) }
            lines.append("- XC\(r.id): \(species)" + (r.soundType.map { ", " + clean($0) } ?? ""))
            lines.append("  - recordist: \(r.recordist.map(clean) ?? "not given")")
            lines.append("  - licence: \(licence)" + (licenceURL.map { " <\($0)>" } ?? ""))
            lines.append("  - source: <\(clean(r.pageURL ?? "https://xeno-canto.org/\(r.id)"))>, fetched \(entry.fetched)")
            lines.append("  - modifications: none (the file as xeno-canto serves it)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An extended M3U playlist: each entry's length and a title (English and scientific name, XC number,
    /// sound type), one line each whatever the text held.
    public static func m3u(entries: [Entry]) -> String {
        var lines = ["#EXTM3U"]
        for entry in entries {
            let r = entry.recording
            let title = [r.englishName, r.scientificName.isEmpty ? nil : r.scientificName, "XC\(r.id)", r.soundType]
                .compactMap { $0.map(clean) }.joined(separator: " · ")
            lines.append("#EXTINF:\(Int(r.duration ?? -1)),\(title)")
            lines.append(clean(entry.path))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether a recording's licence forbids sharing it on for any use or adapting it (NC, ND): such
    /// recordings are left out of what a pack shares unless asked.
    public static func limitsSharing(_ recording: Recording) -> Bool {
        guard let name = LicenceName.short(recording.licence) else { return true }
        guard name.hasPrefix("CC ") else { return !name.hasPrefix("CC0") && !name.hasPrefix("Public Domain") }
        return name.contains("NC") || name.contains("ND")
    }

    /// Text from outside on one line of a document: controls gone, no line breaks.
    private static func clean(_ text: String) -> String { Displayable.line(text) }
}
