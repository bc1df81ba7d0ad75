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
}
