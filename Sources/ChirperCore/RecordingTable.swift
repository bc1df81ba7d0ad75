import XenoCanto

/// Lays recordings out as a table that fits a terminal width: fixed columns keep their size, text
/// columns get what is left in the order a birder reads them (the names cut last), and the least
/// useful columns go first on a narrow screen.
/// Every line it returns is at most `width` cells: nothing ever wraps.
public struct RecordingTable: Sendable {
    public enum Column: CaseIterable, Sendable {
        case mark, number, english, scientific, type, country, quality, length, recordist

        var title: String {
            switch self {
            case .mark: return " "
            case .number: return "XC"
            case .english: return "English name"
            case .scientific: return "Scientific name"
            case .type: return "Type"
            case .country: return "Country"
            case .quality: return "Q"
            case .length: return "Length"
            case .recordist: return "Recordist"
            }
        }

        /// Text columns share the free width (`fillOrder`); the others have a fixed width.
        var isText: Bool { Column.fillOrder.contains(self) }

        /// Beyond their minimum, text columns get room in this order: the names are cut last.
        static let fillOrder: [Column] = [.english, .scientific, .type, .country, .recordist]

        var minimum: Int {
            switch self {
            case .mark, .quality: return 1
            case .number: return 8
            case .length: return 6
            case .english, .scientific: return 10
            case .type, .country: return 6
            case .recordist: return 8
            }
        }

        var alignRight: Bool { self == .length }

        /// The column's place in `allCases`, which is where its cell sits in a row's cells.
        public var index: Int { Column.allCases.firstIndex(of: self)! }

        /// Dropped in this order when the screen is too narrow for all: the sound type and the quality
        /// stay after where and by whom.
        static let dropOrder: [Column] = [.recordist, .country, .scientific, .quality, .type, .length]
        /// The last column dropped to make the English name whole.
        static let lastDroppedForTheName = Column.scientific

        func text(_ row: Row, marker: String) -> String {
            let recording = row.recording
            switch self {
            case .mark: return marker
            case .number: return "XC" + recording.id
            case .english: return recording.englishName ?? "—"
            case .scientific: return recording.scientificName.isEmpty ? "—" : recording.scientificName
            case .type: return recording.soundType ?? ""
            case .country: return recording.country ?? ""
            case .quality: return recording.quality ?? "-"
            case .length: return recording.length ?? ""
            case .recordist: return recording.recordist ?? ""
            }
        }
    }

    public let columns: [(column: Column, width: Int)]
    public let width: Int
    /// Every row's cell texts, all columns, made once: the layout measures them and the lines print them.
    /// Empty for a table laid out from a `ColumnMeasure`, which prints rows given to `line(cells:)`.
    private let cells: [[String]]
    static let gap = "  "

    /// Sizes the columns for these rows and this width.
    public init(rows: [Row], width: Int, marker: (Row) -> String) {
        let cells = rows.map { RecordingTable.cells($0, marker: marker($0)) }
        var measure = ColumnMeasure()
        for row in cells { measure.include(row) }
        self.init(measure: measure, width: width, cells: cells)
    }

    /// Every column as wide as its widest cell, nothing cut: for a pipe, where no screen sets a width and
    /// a name cut short would be lost to `grep`.
    public init(wholeRows rows: [Row], marker: (Row) -> String) {
        let cells = rows.map { RecordingTable.cells($0, marker: marker($0)) }
        var measure = ColumnMeasure()
        for row in cells { measure.include(row) }
        let columns = Column.allCases.map { (column: $0, width: max(measure.widest[$0.index], 1)) }
        self.columns = columns
        self.width = columns.reduce(0) { $0 + $1.width } + RecordingTable.gap.count * (columns.count - 1)
        self.cells = cells
    }

    /// Sizes the columns from cells measured beforehand: the cost does not grow with the rows.
    public init(measure: ColumnMeasure, width: Int) {
        self.init(measure: measure, width: width, cells: [])
    }

    private init(measure: ColumnMeasure, width: Int, cells: [[String]]) {
        self.width = max(1, width)
        self.cells = cells
        // Columns go in `dropOrder` until the English name is whole, but the type and the quality never
        // for the name's sake: once only they and the length are left beside the names, the name is cut.
        // They go only when even that does not fit; then the layout with the most columns that fits.
        var chosen = Column.allCases
        var fitting: [(column: Column, width: Int)]?
        for dropped in [nil] + Column.dropOrder.map(Optional.some) {
            if let dropped { chosen.removeAll { $0 == dropped } }
            guard let layout = RecordingTable.layout(chosen, widest: measure.widest, width: self.width) else { continue }
            fitting = fitting ?? layout
            if dropped == Column.lastDroppedForTheName
                || layout.contains(where: { $0.column == .english && $0.width >= min(measure.widest[Column.english.index], 32) }) {
                fitting = layout
                break
            }
        }
        columns = fitting ?? [(.mark, 1), (.number, max(1, self.width - 2 - RecordingTable.gap.count))]
    }

    /// One row's cell texts, every column, in `Column.allCases` order.
    public static func cells(_ row: Row, marker: String) -> [String] {
        Column.allCases.map { $0.text(row, marker: marker) }
    }

    private static func layout(_ columns: [Column], widest: [Int], width: Int) -> [(column: Column, width: Int)]? {
        // Natural width: the widest cell, capped so one long name cannot starve the rest.
        let natural: [Int] = columns.map { column in
            let widest = widest[column.index]
            return column.isText ? min(widest, 32) : max(widest, column == .mark ? 1 : column.minimum)
        }
        let gaps = gap.count * (columns.count - 1)
        let fixed = zip(columns, natural).filter { !$0.0.isText }.reduce(0) { $0 + $1.1 }
        let flexible = columns.indices.filter { columns[$0].isText }
        var free = width - gaps - fixed
        let minimums = flexible.reduce(0) { $0 + columns[$1].minimum }
        guard free >= minimums else { return nil }

        var widths = natural
        let wanted = flexible.reduce(0) { $0 + natural[$1] }
        if wanted > free {
            // Every text column at its minimum, then the rest in `fillOrder`, never beyond the natural width.
            for index in flexible { widths[index] = min(natural[index], columns[index].minimum) }
            free -= flexible.reduce(0) { $0 + widths[$1] }
            for column in Column.fillOrder {
                guard let index = columns.firstIndex(of: column) else { continue }
                let add = min(natural[index] - widths[index], free)
                widths[index] += add
                free -= add
            }
        }
        return Array(zip(columns, widths)).map { (column: $0.0, width: $0.1) }
    }

    public var header: String { line(columns.map { TextWidth.fit($0.column.title, to: $0.width, alignRight: $0.column.alignRight) }) }

    /// The line of the row at `index` of the rows the table was made with.
    public func line(at index: Int) -> String { line(cells: cells[index]) }

    /// The line of one row's cells (from `cells(_:marker:)`), laid out in this table's columns.
    public func line(cells: [String]) -> String {
        line(columns.map { column, width in
            TextWidth.fit(cells[column.index], to: width, alignRight: column.alignRight)
        })
    }

    private func line(_ cells: [String]) -> String {
        let joined = cells.joined(separator: RecordingTable.gap)
        // Trailing blanks are dropped: a short last column must not pad the line to the full width.
        var end = joined.endIndex
        while end > joined.startIndex, joined[joined.index(before: end)] == " " { end = joined.index(before: end) }
        return TextWidth.truncate(String(joined[..<end]), to: width)
    }
}

/// The widest cell of each column seen so far, titles included. Rows only add to it, so a growing list
/// measures each new row once and lays out a frame without looking at the others.
public struct ColumnMeasure: Equatable, Sendable {
    public private(set) var widest: [Int]

    /// `reserved` keeps room in a column for text its cells grow into (browse's "0:07/0:21").
    public init(reserved: [RecordingTable.Column: Int] = [:]) {
        widest = RecordingTable.Column.allCases.map { max(TextWidth.of($0.title), reserved[$0] ?? 0) }
    }

    public mutating func include(_ cells: [String]) {
        for index in widest.indices { widest[index] = max(widest[index], TextWidth.of(cells[index])) }
    }
}
