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

    /// `CREDITS.md`: every text from the API written as Markdown's literal text, and every link made
    /// from the XC number or the licence Chirper recognises, never copied from the API's fields.
    public static func credits(pack name: String, entries: [Entry]) -> String {
        let literal = MarkdownText.literal
        var lines = ["# Credits: the pack \(literal(name))", "",
                     "Recordings from xeno-canto (<https://xeno-canto.org>), used under the licence each names.", ""]
        for entry in entries {
            let r = entry.recording
            let species = [r.englishName.map(literal), "*\(literal(r.scientificName))*"].compactMap { $0 }.joined(separator: " ")
            let licence = KnownLicence(field: r.licence).map { "\($0.shortName) <\($0.link)>" }
                ?? r.licence.map { "not one Chirper recognises (given as: \(literal($0)))" } ?? "not given"
            lines.append("- XC\(literal(r.id)): \(species)" + (r.soundType.map { ", " + literal($0) } ?? ""))
            lines.append("  - recordist: \(r.recordist.map(literal) ?? "not given")")
            lines.append("  - licence: \(licence)")
            lines.append("  - source: " + (r.page.map { "<\($0)>" } ?? "not given") + ", fetched \(literal(entry.fetched))")
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

    /// Whether a recording's licence forbids sharing it on for any use or adapting it (NC, ND): what an
    /// export carrying sound, trimmed or shared, must weigh. A licence Chirper does not recognise limits
    /// sharing: only what it knows is shared.
    public static func limitsSharing(_ recording: Recording) -> Bool {
        switch KnownLicence(field: recording.licence)?.kind {
        case .creativeCommons(let terms)?: return terms.contains("nc") || terms.contains("nd")
        case .zero?, .publicDomainMark?: return false
        case nil: return true
        }
    }

    /// Text from outside on one line of a document: controls gone, no line breaks.
    private static func clean(_ text: String) -> String { Displayable.line(text) }
}
