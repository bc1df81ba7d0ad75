import XenoCanto

/// Audacity's label track as text: a line a label, start, end and text between tabs; in the extended
/// form each label is followed by a line of its band, a backslash, low and high frequency.
public enum AudacityLabels {
    /// The labels of `regions`; with `bands`, every label has its band line, and a region without a
    /// band is given `fullBand` (the recording's whole range), as a selection over every frequency is.
    public static func text(_ regions: [MarkedRegion], bands fullBand: ClosedRange<Double>?) -> String {
        var text = ""
        for region in regions {
            text += DecimalText.fixed(region.start) + "\t" + DecimalText.fixed(region.end) + "\t" + MarkTable.cell(region.label) + "\n"
            guard let fullBand else { continue }
            let band = region.band ?? fullBand
            text += "\\\t" + DecimalText.fixed(band.lowerBound) + "\t" + DecimalText.fixed(band.upperBound) + "\n"
        }
        return text
    }

    /// The regions of a label track, with or without band lines.
    public static func regions(in text: String) throws(MarkTableProblem) -> [MarkedRegion] {
        var regions: [MarkedRegion] = []
        var last: (start: Double, end: Double, label: String, line: Int)?
        var lastHasBand = false
        func close() throws(MarkTableProblem) {
            guard let open = last else { return }
            if !lastHasBand { regions.append(try MarkTable.region(start: open.start, end: open.end, low: nil, high: nil, label: open.label, line: open.line)) }
            last = nil
        }
        for (index, line) in MarkTable.lines(text).enumerated() where !line.trimmed.isEmpty {
            let number = index + 1
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            if fields[0].trimmed == "\\" {
                guard let open = last, !lastHasBand else { throw MarkTableProblem(line: number, reason: "a band line that follows no label") }
                guard fields.count >= 3 else { throw MarkTableProblem(line: number, reason: "a band line needs a low and a high frequency") }
                let high = fields[2].split(separator: "\t").first ?? ""
                let low = try MarkTable.frequency(fields[1], "low frequency", line: number)
                regions.append(try MarkTable.region(start: open.start, end: open.end, low: low,
                                                    high: try MarkTable.frequency(high, "high frequency", line: number), label: open.label, line: number))
                lastHasBand = true
                continue
            }
            try close()
            guard fields.count >= 2 else { throw MarkTableProblem(line: number, reason: "a label needs a start and an end between tabs") }
            guard regions.count < MarkTable.most else { throw MarkTableProblem(line: number, reason: "more than \(MarkTable.most) labels") }
            last = (try MarkTable.time(fields[0], "start", line: number), try MarkTable.time(fields[1], "end", line: number),
                    fields.count > 2 ? String(fields[2]) : "", number)
            lastHasBand = false
        }
        try close()
        return regions
    }
}
