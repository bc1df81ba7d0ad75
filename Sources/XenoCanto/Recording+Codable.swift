import DisplayText

/// The wire form of a recording: the API's own field names, read leniently.
extension Recording: Codable {
    enum CodingKeys: String, CodingKey {
        case id, gen, sp, ssp, grp, group, en, rec, cnt, loc, lat, lon, lng, alt, type, sex, stage, method
        case url, file, fileName = "file-name", sono, osci, lic, q, length, time, date, uploaded, also, rmk
        case animalSeen = "animal-seen", playbackUsed = "playback-used", temp, regnr, auto, dvc, mic, smp
        case meta = "_meta"
        case annotationSet = "annotation-set"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.text(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "a recording without an id"))
        }
        self.init(
            id: id, genus: c.text(.gen), species: c.text(.sp), subspecies: c.text(.ssp),
            group: c.text(.grp) ?? c.text(.group), englishName: c.text(.en), recordist: c.text(.rec),
            country: c.text(.cnt), locality: c.text(.loc), latitude: c.text(.lat),
            longitude: c.text(.lon) ?? c.text(.lng), altitude: c.text(.alt), soundType: c.text(.type),
            sex: c.text(.sex), stage: c.text(.stage), method: c.text(.method),
            pageURL: c.text(.url).map(Recording.absoluteURL),
            fileURL: Self.redacted(in: try? c.decodeIfPresent(JSONValue.self, forKey: .meta)).contains("file") ? nil : c.text(.file).flatMap(Self.webURL),
            fileName: c.text(.fileName), sonogramURLs: c.urlTable(.sono), oscillogramURLs: c.urlTable(.osci),
            licence: c.text(.lic).map(Recording.absoluteURL), quality: c.text(.q), length: c.text(.length),
            time: c.text(.time), date: c.text(.date), uploaded: c.text(.uploaded),
            backgroundSpecies: c.textList(.also), remarks: c.text(.rmk), animalSeen: c.text(.animalSeen),
            playbackUsed: c.text(.playbackUsed), temperature: c.text(.temp), registrationNumber: c.text(.regnr),
            automatic: c.text(.auto), device: c.text(.dvc), microphone: c.text(.mic), sampleRate: c.text(.smp))
        if c.contains(.annotationSet) {
            let set = try? c.decode(JSONValue.self, forKey: .annotationSet)
            annotatedSounds = AnnotatedSound.all(in: set)
            annotations = annotatedSounds.isEmpty ? Self.annotations(in: set) : Self.lines(of: annotatedSounds)
        }
    }

    /// "1.2–3.45 s · Parus major · song", with its band when the set gives one: "· 2000–6000 Hz".
    public static func line(_ sound: AnnotatedSound) -> String {
        let band = sound.band.map { " · " + String(Int($0.lowerBound.rounded())) + "–" + String(Int($0.upperBound.rounded())) + " Hz" } ?? ""
        return Displayable.line(seconds(sound.start) + "–" + seconds(sound.end) + " s · " + sound.label + band)
    }

    /// The lines a person reads of `sounds`: a line each (the first hundred), then each set's credit.
    public static func lines(of sounds: [AnnotatedSound]) -> [String] {
        sounds.prefix(100).map(line) + credits(sounds)
    }

    /// "From annotation set “…” by …, CC BY 4.0.": a line for each set the sounds are from.
    public static func credits(_ sounds: [AnnotatedSound]) -> [String] {
        var seen = Set<AnnotationSetCredit>()
        return sounds.compactMap(\.set).filter { seen.insert($0).inserted }.map { Displayable.line("From " + $0.line + ".") }
    }

    /// Seconds to the hundredth, without a trailing ".0".
    static func seconds(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }

    /// The annotations a person can read, one line each: "0.25 s · song" from an object with a time
    /// (`start`, `t`, `begin`) and a label (`label`, `value`, `text`), or a plain string.
    static func annotations(in set: JSONValue?) -> [String] {
        guard case .array(let items)? = set else { return [] }
        return items.prefix(100).compactMap { item -> String? in
            switch item {
            case .string(let text): return text.isEmpty ? nil : Displayable.line(text)
            case .object(let fields):
                let label = ["label", "value", "text", "annotation"].lazy.compactMap { key -> String? in
                    if case .string(let text)? = fields[key], !text.isEmpty { return text } else { return nil }
                }.first
                let seconds = ["start", "t", "begin", "time"].lazy.compactMap { key -> Double? in
                    switch fields[key] {
                    case .number(let value)?: value
                    case .integer(let value)?: Double(value)
                    default: nil
                    }
                }.first
                guard let label = label.map(Displayable.line) else { return nil }
                guard let seconds, seconds.isFinite, seconds >= 0, seconds < 1e7 else { return label }
                return Self.seconds(seconds) + " s · " + label
            default: return nil
            }
        }
    }

    /// A file URL from outside, kept only when it is on the web (http, https, or `//host/…`): a
    /// `file://` URL or any other scheme in an answer is not a recording Chirper may open.
    static func webURL(_ text: String) -> String? {
        let lower = text.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("//") ? text : nil
    }

    /// The fields `_meta` says were withheld (restricted species' files are): every name listed under a
    /// key that speaks of redaction, as `{"redacted": ["file", …]}` or `{"redacted_fields": […]}`.
    static func redacted(in meta: JSONValue?) -> Set<String> {
        guard case .object(let fields)? = meta else { return [] }
        var names = Set<String>()
        for (key, value) in fields where key.lowercased().contains("redact") {
            guard case .array(let items) = value else { continue }
            for case .string(let name) in items { names.insert(name) }
        }
        return names
    }

    /// Writes the v3 names, leaving out what is absent, so `--json` output reads like the API's.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        let fields: [(CodingKeys, String?)] = [
            (.gen, genus), (.sp, species), (.ssp, subspecies), (.grp, group), (.en, englishName),
            (.rec, recordist), (.cnt, country), (.loc, locality), (.lat, latitude), (.lon, longitude),
            (.alt, altitude), (.type, soundType), (.sex, sex), (.stage, stage), (.method, method),
            (.url, pageURL), (.file, fileURL), (.fileName, fileName), (.lic, licence), (.q, quality),
            (.length, length), (.time, time), (.date, date), (.uploaded, uploaded), (.rmk, remarks),
            (.animalSeen, animalSeen), (.playbackUsed, playbackUsed), (.temp, temperature),
            (.regnr, registrationNumber), (.auto, automatic), (.dvc, device), (.mic, microphone),
            (.smp, sampleRate),
        ]
        for (key, value) in fields { try c.encodeIfPresent(value, forKey: key) }
        if !sonogramURLs.isEmpty { try c.encode(sonogramURLs, forKey: .sono) }
        if !oscillogramURLs.isEmpty { try c.encode(oscillogramURLs, forKey: .osci) }
        try c.encode(backgroundSpecies, forKey: .also)
        // What a pack keeps of the annotation sets: the sounds they mark.
        if !annotatedSounds.isEmpty {
            try c.encode(AnnotatedSound.sets(annotatedSounds), forKey: .annotationSet)
        }
    }
}

/// A JSON scalar that the API may send as a string, a number, a boolean or null.
private enum Scalar: Decodable {
    case text(String)
    case absent

    init(from decoder: any Decoder) throws {
        switch try JSONValue(from: decoder) {
        case .string(let text): self = .text(text)
        case .integer(let integer): self = .text(String(integer))
        case .number(let number): self = .text(String(number))
        case .bool(let bool): self = .text(bool ? "yes" : "no")
        case .null, .array, .object: self = .absent  // an object or array where a scalar belongs: missing, not fatal
        }
    }

    var value: String? {
        switch self {
        case .text(let s):
            // Nearly every value starts and ends with a visible ASCII character: keep it as it is. Foundation's
            // trimming (through NSString) was 60 % of decoding a page.
            // Every text the API sends is shown somewhere: it is made displayable here, as it arrives.
            if let first = s.utf8.first, let last = s.utf8.last, Self.isVisibleASCII(first), Self.isVisibleASCII(last) {
                return Displayable.line(s)
            }
            let trimmed = s.trimmed
            return trimmed.isEmpty ? nil : Displayable.line(trimmed)
        case .absent:
            return nil
        }
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}

extension KeyedDecodingContainer {
    fileprivate func text(_ key: Key) -> String? {
        // Strings are the usual case and decode without a nested decoder; anything else (a number, a
        // boolean, a misplaced object) takes the lenient path.
        do {
            return try decodeIfPresent(String.self, forKey: key).flatMap { Scalar.text($0).value }
        } catch {
            return (try? decodeIfPresent(Scalar.self, forKey: key))??.value
        }
    }

    fileprivate func textList(_ key: Key) -> [String] {
        guard let items = try? decodeIfPresent([Scalar].self, forKey: key) else { return [] }
        return items.compactMap(\.value)
    }

    /// `sono` and `osci`: an object of size → URL whose entries may be null.
    fileprivate func urlTable(_ key: Key) -> [String: String] {
        guard let table = try? decodeIfPresent([String: Scalar].self, forKey: key) else { return [:] }
        return table.compactMapValues { $0.value.map(Recording.absoluteURL) }
    }
}

import FoundationEssentials
