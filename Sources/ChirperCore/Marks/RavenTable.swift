import XenoCanto

/// Raven's selection table: tab-separated with a header; one row a selection, with its begin and end
/// time, its band and label columns. BirdNET-Analyzer writes the same table with its own label columns.
public enum RavenTable {
    static let header = ["Selection", "View", "Channel", "Begin Time (s)", "End Time (s)", "Low Freq (Hz)", "High Freq (Hz)", "Annotation"]

    /// The columns a label is read from, the first found: Raven's own, then BirdNET-Analyzer's.
    static let labelColumns = ["Annotation", "Common Name", "Species", "Label", "Scientific Name", "Species Code", "Class"]

    /// The table of `regions`, a row each; a region without a band gets `fullBand` (Raven's boxes have one).
    public static func text(_ regions: [MarkedRegion], fullBand: ClosedRange<Double>) -> String {
        var text = header.joined(separator: "\t") + "\n"
        for (index, region) in regions.enumerated() {
            let band = region.band ?? fullBand
            let cells = [String(index + 1), "Spectrogram 1", "1", DecimalText.fixed(region.start), DecimalText.fixed(region.end),
                         DecimalText.fixed(band.lowerBound, places: 3), DecimalText.fixed(band.upperBound, places: 3), MarkTable.cell(region.label)]
            text += cells.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// The regions of a selection table: each selection once (Raven repeats one per view), its label from
    /// the first label column the table has, with BirdNET's confidence after it when there is one.
    public static func regions(in text: String) throws(MarkTableProblem) -> [MarkedRegion] {
        let lines = MarkTable.lines(text)
        guard let headerLine = lines.first(where: { !$0.trimmed.isEmpty }) else { throw MarkTableProblem(line: 0, reason: "the table is empty") }
        let names = headerLine.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmed }
        func column(_ name: String) -> Int? { names.firstIndex { $0.caseInsensitiveEquals(name) } }
        guard let begin = column("Begin Time (s)"), let end = column("End Time (s)") else {
            throw MarkTableProblem(line: 1, reason: "not a Raven selection table: no \"Begin Time (s)\" and \"End Time (s)\" columns")
        }
        let low = column("Low Freq (Hz)"), high = column("High Freq (Hz)"), selection = column("Selection"), confidence = column("Confidence")
        let label = labelColumns.lazy.compactMap(column).first
        var regions: [MarkedRegion] = []
        var seen = Set<String>()
        let headerIndex = lines.firstIndex(of: headerLine) ?? 0
        for (offset, line) in lines[(headerIndex + 1)...].enumerated() where !line.trimmed.isEmpty {
            let number = headerIndex + offset + 2
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            func cell(_ index: Int?) -> Substring? { index.flatMap { $0 < cells.count ? cells[$0] : nil } }
            guard let beginCell = cell(begin), let endCell = cell(end) else {
                throw MarkTableProblem(line: number, reason: "the row has \(cells.count) cells of the header's \(names.count)")
            }
            if let id = cell(selection)?.trimmed, !id.isEmpty, !seen.insert(id).inserted { continue }
            guard regions.count < MarkTable.most else { throw MarkTableProblem(line: number, reason: "more than \(MarkTable.most) selections") }
            var text = cell(label).map(String.init) ?? ""
            if let score = cell(confidence)?.trimmed, !score.isEmpty { text += " (" + score + ")" }
            let lowHz = try cell(low).map { cell throws(MarkTableProblem) in try MarkTable.frequency(cell, "low frequency", line: number) }
            let highHz = try cell(high).map { cell throws(MarkTableProblem) in try MarkTable.frequency(cell, "high frequency", line: number) }
            regions.append(try MarkTable.region(start: try MarkTable.time(beginCell, "begin time", line: number),
                                                end: try MarkTable.time(endCell, "end time", line: number),
                                                low: lowHz, high: highHz, label: text, line: number))
        }
        return regions
    }
}

private extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
