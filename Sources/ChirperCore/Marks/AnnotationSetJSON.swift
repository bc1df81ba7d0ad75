import DisplayText
import XenoCanto

/// Marks as one of xeno-canto's annotation sets (the `annotation-set` shape): the set's name and source,
/// and an annotation a region with its times, band, the taxon when known and its label as remarks.
public enum AnnotationSetJSON {
    /// `number`: the recording's XC number, when the marks are on one; `taxon`: its scientific name.
    public static func text(_ regions: [MarkedRegion], number: String?, taxon: String?) -> String {
        let annotations: [JSONValue] = regions.map { region in
            var fields: [String: JSONValue] = ["start_time": .number(region.start), "end_time": .number(region.end),
                                               "scientific_name": .string(taxon ?? "unidentified")]
            if let band = region.band { (fields["frequency_low"], fields["frequency_high"]) = (.number(band.lowerBound), .number(band.upperBound)) }
            if !region.label.isEmpty { fields["annotation_remarks"] = .string(region.label) }
            if let number { fields["xc_nr"] = .string(number) }
            return .object(fields)
        }
        let set: JSONValue = .object(["set_name": .string("Marks made in Chirper"), "set_source": .string("chirper marks export --json"),
                                      "annotations": .array(annotations)])
        return JSONValue.array([set]).prettyText + "\n"
    }

    /// The regions of annotation sets as `text` writes them and xeno-canto sends them (an array of
    /// sets, one set, or a recording's JSON with its `annotation-set`). An annotation's label is its
    /// remarks (`text` writes "mark N" for an unlabelled mark), else its taxon and sound type as
    /// annotations are shown ("unidentified" is no taxon). An annotation without its times, or with an
    /// end before its start, refuses the whole file, naming it.
    public static func regions(in json: JSONValue) throws(MarkTableProblem) -> [MarkedRegion] {
        let sets: [JSONValue]
        switch json {
        case .array(let items): sets = items
        case .object(let fields) where fields["annotations"] != nil: sets = [json]
        case .object(let fields):
            guard let inner = fields["annotation-set"] else { throw MarkTableProblem(line: 0, reason: "it holds no annotation set (\"annotations\")") }
            if case .array(let items) = inner { sets = items } else { sets = [inner] }
        default: throw MarkTableProblem(line: 0, reason: "it holds no annotation set (\"annotations\")")
        }
        var regions: [MarkedRegion] = []
        for (setIndex, set) in sets.enumerated() {
            guard case .object(let fields) = set, case .array(let annotations)? = fields["annotations"] else {
                throw MarkTableProblem(line: 0, reason: "set \(setIndex + 1) has no list of \"annotations\"")
            }
            for (index, annotation) in annotations.enumerated() {
                guard regions.count < MarkTable.most else { return regions }
                regions.append(try region(annotation, place: "annotation \(index + 1) of set \(setIndex + 1)"))
            }
        }
        return regions
    }

    private static func region(_ annotation: JSONValue, place: String) throws(MarkTableProblem) -> MarkedRegion {
        guard case .object(let fields) = annotation else { throw MarkTableProblem(line: 0, reason: place + " is not an object") }
        guard let start = AnnotatedSound.measure(fields["start_time"]), let end = AnnotatedSound.measure(fields["end_time"]) else {
            throw MarkTableProblem(line: 0, reason: place + " has no start_time and end_time in seconds from 0 to 1000000")
        }
        guard end >= start else { throw MarkTableProblem(line: 0, reason: place + " ends (\(end) s) before it begins (\(start) s)") }
        var band: ClosedRange<Double>?
        if let low = AnnotatedSound.measure(fields["frequency_low"]), let high = AnnotatedSound.measure(fields["frequency_high"]) {
            guard low <= high else { throw MarkTableProblem(line: 0, reason: place + " has a band \(low)–\(high) Hz that is not low to high") }
            band = low...high
        }
        let taxon = AnnotatedSound.text(fields["scientific_name"])
        let soundType = AnnotatedSound.text(fields["sound_type"])
        let telling = taxon == "unidentified" ? nil : taxon
        let named = [telling, soundType].compactMap { $0 }.joined(separator: " · ")
        let label = AnnotatedSound.text(fields["annotation_remarks"]) ?? named
        guard let region = MarkedRegion(start: start, end: end, band: band, label: Displayable.line(label)) else {
            throw MarkTableProblem(line: 0, reason: place + " has times or a band out of range")
        }
        return region
    }
}
