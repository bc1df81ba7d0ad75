/// One bird species of the taxonomy, under every name birders write it by.
public struct Species: Sendable, Hashable, CustomStringConvertible {
    /// The key everything Chirper keeps is filed under: packs, lists, quiz cards.
    public let scientific: String
    public let family: String
    /// AviList's English name, the one xeno-canto uses.
    public let english: String
    /// eBird/Clements' English name, when it is not AviList's.
    public let ebirdEnglish: String?
    /// The banding labs' English names, when neither of the above.
    public let otherEnglish: [String]
    public let ebirdCode: String?
    /// The four-letter banding code (North America).
    public let banding: String?
    /// The six-letter banding code (North America).
    public let banding6: String?
    /// Other scientific names it is filed under (eBird's, where its genus or ending differs).
    public let otherScientific: [String]

    public init(scientific: String, family: String, english: String, ebirdEnglish: String? = nil, otherEnglish: [String] = [],
                ebirdCode: String? = nil, banding: String? = nil, banding6: String? = nil, otherScientific: [String] = []) {
        self.scientific = scientific
        self.family = family
        self.english = english
        self.ebirdEnglish = ebirdEnglish
        self.otherEnglish = otherEnglish
        self.ebirdCode = ebirdCode
        self.banding = banding
        self.banding6 = banding6
        self.otherScientific = otherScientific
    }

    public var genus: String { String(scientific.prefix { $0 != " " }) }

    /// "Common Blackbird (Turdus merula)".
    public var description: String { "\(english) (\(scientific))" }

    /// The English name a user's setting prefers, the scientific name for `.scientific`.
    public func name(in style: NameStyle) -> String {
        switch style {
        case .ioc: english
        case .ebird: ebirdEnglish ?? english
        case .scientific: scientific
        }
    }

    /// Every name the species is known by, with what kind of name each is.
    public var names: [(name: String, kind: NameKind)] {
        var all: [(String, NameKind)] = []
        forEachName { name, kind, _ in all.append((name, kind)) }
        return all
    }

    /// Each of `names` with its place among them, without making the list (the index is built from
    /// tens of thousands of names).
    func forEachName(_ body: (String, NameKind, Int) -> Void) {
        var position = 0
        func next(_ name: String, _ kind: NameKind) {
            body(name, kind, position)
            position += 1
        }
        next(scientific, .scientific)
        next(english, .english(.avilist))
        for name in otherScientific { next(name, .scientific) }
        if let ebirdEnglish { next(ebirdEnglish, .english(.ebird)) }
        for name in otherEnglish { next(name, .english(.banding)) }
        if let ebirdCode { next(ebirdCode, .ebirdCode) }
        if let banding { next(banding, .bandingCode) }
        if let banding6 { next(banding6, .bandingCode) }
    }

    /// The English names alone, AviList's first.
    public var englishNames: [String] { [english] + (ebirdEnglish.map { [$0] } ?? []) + otherEnglish }
}

/// Which English name Chirper shows (`names = ioc|ebird|scientific` in the config file).
public enum NameStyle: String, Sendable, CaseIterable {
    case ioc, ebird, scientific
}

public enum NameAuthority: Sendable, Hashable {
    case avilist, ebird, banding

    public var title: String {
        switch self {
        case .avilist: "AviList/IOC"
        case .ebird: "eBird/Clements"
        case .banding: "the banding labs"
        }
    }
}

public enum NameKind: Sendable, Hashable {
    case scientific
    case english(NameAuthority)
    case ebirdCode
    case bandingCode

    /// Codes are matched whole and never as typos: four letters are too few to guess from.
    public var isCode: Bool {
        switch self {
        case .ebirdCode, .bandingCode: true
        case .scientific, .english: false
        }
    }
}
