import FoundationEssentials
import XenoCanto

/// A pack as an Anki deck: one note per card the quiz would ask (a species and a sound type), with the
/// card's recordings (their sound whole, their sonograms) and the credit each recording's licence asks
/// for. Every id is made from what the note is, not when it was made, so exporting again updates the
/// notes Anki already has instead of adding copies. Text from xeno-canto goes into Anki's HTML fields
/// escaped, here and nowhere else.
public struct AnkiDeck: Sendable, Equatable {
    public struct Note: Sendable, Equatable {
        public let id: Int64
        public let guid: String
        /// In the order of `AnkiDeck.fieldNames`.
        public let fields: [String]
        public let tags: [String]
    }

    /// A file the deck's notes name, and the recording it is made from.
    public struct Media: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case sound, sonogram }
        public let name: String
        public let kind: Kind
        public let recording: Recording
    }

    public static let fieldNames = ["Name", "Scientific", "Sound type", "Sound", "Sonogram", "Credits"]
    /// Chirper's note type: the same in every deck, so its notes stay one type in a collection.
    public static let noteTypeID: Int64 = 1_764_000_000_001
    public static let noteTypeName = "Chirper bird sound"
    public static let question = "{{Sound}}<div class=ask>Which bird is it? <span class=type>{{Sound type}}</span></div>"
    public static let answer = "{{FrontSide}}<hr id=answer><div class=name>{{Name}}</div><div class=sci>{{Scientific}}</div>"
        + "<div class=sono>{{Sonogram}}</div><div class=credits>{{Credits}}</div>"
    public static let style = ".card { font-family: sans-serif; font-size: 20px; text-align: center; }\n"
        + ".sci { font-style: italic; } .type { color: #555; } .sono img { max-width: 100%; }\n.credits { font-size: 12px; color: #555; }"

    public let id: Int64
    public let name: String
    public let description: String
    public let notes: [Note]
    public let media: [Media]
    /// Sonograms of ND recordings left out of a deck to share, one line each.
    public let leftOut: [String]

    /// `cards`: each card's recordings (those with a file); `names`: the English name shown for each
    /// species; `families`: each species' family; `share`: a deck to give to others, without what a
    /// licence forbids in it (the sonogram of an ND recording is an adaptation of it, and of one whose
    /// licence is not known); `unmade`: the XC numbers whose sonogram could not be made.
    public init(pack: String, cards: [QuizCardKey: [Recording]], names: [String: String], families: [String: String], share: Bool,
                unmade: Set<String> = []) {
        id = Self.stableID("deck " + pack)
        name = "Chirper::" + pack
        description = Self.escaped("Recordings from xeno-canto.org, the pack \(pack) of Chirper. Each card names its recordists and licences.")
        // A recording of several sound types is on several cards: its files are in the deck once.
        var media: [String: Media] = [:]
        var leftOut: [String: String] = [:]
        notes = cards.keys.sorted().compactMap { key in
            let recordings = (cards[key] ?? []).filter { $0.page != nil }
            guard !recordings.isEmpty else { return nil }
            var sonograms: [String] = []
            for recording in recordings {
                media[Self.soundName(recording)] = Media(name: Self.soundName(recording), kind: .sound, recording: recording)
                if share, Self.forbidsAdaptations(recording) {
                    let known = LicenceName.short(recording.licence).flatMap { $0 == recording.licence ? nil : $0 }
                    leftOut[recording.id] = "XC\(recording.id): no sonogram (\(known ?? "its licence, not one Chirper knows,") allows no adaptations)"
                } else if !unmade.contains(recording.id) {
                    media[Self.sonogramName(recording)] = Media(name: Self.sonogramName(recording), kind: .sonogram, recording: recording)
                    sonograms.append("<img src=\"\(Self.sonogramName(recording))\">")
                }
            }
            let genus = key.species.split(separator: " ").first.map(String.init) ?? key.species
            let fields = [Self.escaped(names[key.species] ?? key.species), Self.escaped(key.species), Self.escaped(key.soundType),
                          recordings.map { "[sound:\(Self.soundName($0))]" }.joined(separator: " "), sonograms.joined(separator: " "),
                          recordings.map(Self.credit).joined(separator: "<br>")]
            let tags = [families[key.species], genus, key.soundType].compactMap { $0 }.map(Self.tag)
            // The pack is part of a note's identity: each pack's deck holds all of its cards.
            let identity = "note \(pack)|\(key.species.lowercased())|\(key.soundType.lowercased())"
            return Note(id: Self.stableID(identity), guid: "chirper-" + String(Self.stableID(identity), radix: 36), fields: fields, tags: tags)
        }
        self.media = media.values.sorted { $0.name < $1.name }
        self.leftOut = leftOut.keys.sorted().compactMap { leftOut[$0] }
    }

    /// "XC900001 · Hannah Becker · CC BY-NC-SA 4.0 (linked) · https://xeno-canto.org/900001 (linked)".
    static func credit(_ recording: Recording) -> String {
        var parts = ["XC" + recording.id]
        if let recordist = recording.recordist, !recordist.isEmpty { parts.append(escaped(recordist)) }
        if let licence = LicenceName.full(recording.licence) {
            parts.append(licenceLink(recording.licence).map { "<a href=\"\($0)\">\(escaped(licence))</a>" } ?? escaped(licence))
        }
        if let page = recording.page { parts.append("<a href=\"\(page)\">\(page)</a>") }
        return parts.joined(separator: " · ")
    }

    /// The licence's page when it is a Creative Commons one (the only links taken from the answer).
    static func licenceLink(_ url: String?) -> String? {
        guard var url else { return nil }
        if url.hasPrefix("//") { url = "https:" + url }
        guard url.hasPrefix("https://creativecommons.org/") || url.hasPrefix("http://creativecommons.org/"),
              url.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/:.-_".contains($0)) }) else { return nil }
        return url
    }

    /// Whether the licence forbids adaptations, or is not one known to allow them (CC0, the Public Domain
    /// Mark, or a Creative Commons licence without ND).
    static func forbidsAdaptations(_ recording: Recording) -> Bool {
        guard let short = LicenceName.short(recording.licence), short != recording.licence else { return true }
        if short.hasPrefix("CC0 ") || short.hasPrefix("Public Domain Mark ") { return false }
        let parts = short.split(separator: " ")
        guard parts.count == 3, parts[0] == "CC" else { return true }
        return parts[1].split(separator: "-").contains("ND")
    }

    public static func soundName(_ recording: Recording) -> String { "chirper-XC\(recording.id).mp3" }
    public static func sonogramName(_ recording: Recording) -> String { "chirper-XC\(recording.id).png" }

    /// `text` as HTML text: Anki shows fields as HTML.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\u{1f}": out += " "  // Anki's field separator
            default: out.append(character)
            }
        }
        return out
    }

    /// A tag Anki keeps as one: no spaces, no quotes.
    static func tag(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    /// A positive id below 2^53 (Anki's ids are JavaScript numbers too) from `text`, by FNV-1a.
    static func stableID(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(hash & ((1 << 52) - 1)) + (1 << 40)
    }
}
