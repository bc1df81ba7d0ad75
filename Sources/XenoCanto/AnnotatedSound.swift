/// A sound one of xeno-canto's annotation sets marks in a recording (`annotation-set`: sets, each with
/// its `annotations`): the taxon heard, its sound type, and when. Read leniently, checked where read: a
/// time that is not a number from 0 to a million seconds, or an end not after the start, is left out.
public struct AnnotatedSound: Sendable, Hashable {
    /// The scientific name, or what the set says of an abiotic sound.
    public var taxon: String
    public var soundType: String?
    public var start: Double
    public var end: Double

    public init(taxon: String, soundType: String?, start: Double, end: Double) {
        self.taxon = taxon
        self.soundType = soundType
        self.start = start
        self.end = end
    }

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
            for case .object(let fields) in annotations where sounds.count < most {
                if let sound = AnnotatedSound(fields) { sounds.append(sound) }
            }
        }
        return sounds
    }

    init?(_ fields: [String: JSONValue]) {
        guard let taxon = Self.text(fields["scientific_name"]), let start = Self.seconds(fields["start_time"]),
              let end = Self.seconds(fields["end_time"]), end > start else { return nil }
        self.init(taxon: taxon, soundType: Self.text(fields["sound_type"]), start: start, end: end)
    }

    /// The JSON it was read from, as a set's annotation: what a pack keeps of it.
    var json: JSONValue {
        var fields: [String: JSONValue] = ["scientific_name": .string(taxon), "start_time": .number(start), "end_time": .number(end)]
        if let soundType { fields["sound_type"] = .string(soundType) }
        return .object(fields)
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        let trimmed = text.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func seconds(_ value: JSONValue?) -> Double? {
        let seconds: Double?
        switch value {
        case .number(let number)?: seconds = number
        case .integer(let integer)?: seconds = Double(integer)
        case .string(let text)?: seconds = Double(text.trimmed)
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, (0...1_000_000).contains(seconds) else { return nil }
        return seconds
    }
}
