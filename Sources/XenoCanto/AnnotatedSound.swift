/// A sound one of xeno-canto's annotation sets marks in a recording (`annotation-set`: sets, each with
/// its `annotations`): the taxon heard, its sound type, when, its band when the set gives one, and the
/// set it is from (to credit). Read leniently, checked where read: a time that is not a number from 0
/// to a million seconds, or an end not after the start, is left out; a band that is not low to high
/// within a million hertz is read as none.
public struct AnnotatedSound: Sendable, Hashable {
    /// The scientific name, or what the set says of an abiotic sound.
    public var taxon: String
    public var soundType: String?
    public var start: Double
    public var end: Double
    /// Low and high frequency in hertz (`frequency_low`, `frequency_high`).
    public var band: ClosedRange<Double>?
    /// The set it is from: its name, creator and licence.
    public var set: AnnotationSetCredit?

    public init(taxon: String, soundType: String?, start: Double, end: Double, band: ClosedRange<Double>? = nil, set: AnnotationSetCredit? = nil) {
        self.taxon = taxon
        self.soundType = soundType
        self.start = start
        self.end = end
        self.band = band
        self.set = set
    }

    /// What a box of it is labelled: "Parus major · song".
    public var label: String { ([taxon] + (soundType.map { [$0] } ?? [])).joined(separator: " · ") }

    /// At most this many are read from one recording.
    static let most = 10_000

    /// The sounds of `annotationSet`: one set object or an array of them.
    static func all(in annotationSet: JSONValue?) -> [AnnotatedSound] {
        let sets: [JSONValue]
        switch annotationSet {
        case .array(let items)?: sets = items
        case .object(let set)?: sets = [.object(set)]
        default: return []
        }
        var sounds: [AnnotatedSound] = []
        for case .object(let set) in sets {
            guard case .array(let annotations)? = set["annotations"] else { continue }
            let credit = AnnotationSetCredit(set)
            for case .object(let fields) in annotations where sounds.count < most {
                if var sound = AnnotatedSound(fields) {
                    sound.set = credit
                    sounds.append(sound)
                }
            }
        }
        return sounds
    }

    init?(_ fields: [String: JSONValue]) {
        guard let taxon = Self.text(fields["scientific_name"]), let start = Self.measure(fields["start_time"]),
              let end = Self.measure(fields["end_time"]), end > start else { return nil }
        var band: ClosedRange<Double>?
        if let low = Self.measure(fields["frequency_low"]), let high = Self.measure(fields["frequency_high"]), low <= high { band = low...high }
        self.init(taxon: taxon, soundType: Self.text(fields["sound_type"]), start: start, end: end, band: band)
    }

    /// The JSON it was read from, as a set's annotation: what a pack keeps of it.
    var json: JSONValue {
        var fields: [String: JSONValue] = ["scientific_name": .string(taxon), "start_time": .number(start), "end_time": .number(end)]
        if let soundType { fields["sound_type"] = .string(soundType) }
        if let band { (fields["frequency_low"], fields["frequency_high"]) = (.number(band.lowerBound), .number(band.upperBound)) }
        return .object(fields)
    }

    /// The sets of `sounds` as the API sends them, each with its credit: what a pack keeps.
    static func sets(_ sounds: [AnnotatedSound]) -> JSONValue {
        var order: [AnnotationSetCredit?] = []
        var bySet: [AnnotationSetCredit?: [JSONValue]] = [:]
        for sound in sounds {
            if bySet[sound.set] == nil { order.append(sound.set) }
            bySet[sound.set, default: []].append(sound.json)
        }
        return .array(order.map { credit in
            var set = credit?.json ?? [:]
            set["annotations"] = .array(bySet[credit] ?? [])
            return .object(set)
        })
    }

    /// A field's text, trimmed; nil when it is not text or is empty.
    public static func text(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        let trimmed = text.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Seconds or hertz as a set sends them (a number, or a number as text), from 0 to a million.
    public static func measure(_ value: JSONValue?) -> Double? {
        let number: Double?
        switch value {
        case .number(let value)?: number = value
        case .integer(let integer)?: number = Double(integer)
        case .string(let text)?: number = Double(text.trimmed)
        default: number = nil
        }
        guard let number, number.isFinite, (0...1_000_000).contains(number) else { return nil }
        return number
    }
}


/// Who made an annotation set and under what licence: what a box drawn or exported from it credits.
public struct AnnotationSetCredit: Sendable, Hashable {
    public var name: String?
    public var creator: String?
    public var licence: String?

    init?(_ set: [String: JSONValue]) {
        name = AnnotatedSound.text(set["set_name"])
        creator = AnnotatedSound.text(set["set_creator"])
        licence = AnnotatedSound.text(set["license"]) ?? AnnotatedSound.text(set["licence"])
        if name == nil && creator == nil && licence == nil { return nil }
    }

    /// "annotation set “Wytham tits” by Ana Sousa, CC BY 4.0".
    public var line: String {
        "annotation set" + (name.map { " “" + $0 + "”" } ?? "") + (creator.map { " by " + $0 } ?? "") + (licence.map { ", " + $0 } ?? "")
    }

    var json: [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let name { fields["set_name"] = .string(name) }
        if let creator { fields["set_creator"] = .string(creator) }
        if let licence { fields["license"] = .string(licence) }
        return fields
    }
}
