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

    public init(scientific: String, family: String, english: String, ebirdEnglish: String? = nil, otherEnglish: [String] = [],
                ebirdCode: String? = nil, banding: String? = nil, banding6: String? = nil) {
        self.scientific = scientific
        self.family = family
        self.english = english
        self.ebirdEnglish = ebirdEnglish
        self.otherEnglish = otherEnglish
        self.ebirdCode = ebirdCode
        self.banding = banding
        self.banding6 = banding6
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
        var all: [(String, NameKind)] = [(scientific, .scientific), (english, .english(.avilist))]
        if let ebirdEnglish { all.append((ebirdEnglish, .english(.ebird))) }
        all += otherEnglish.map { ($0, .english(.banding)) }
        if let ebirdCode { all.append((ebirdCode, .ebirdCode)) }
        if let banding { all.append((banding, .bandingCode)) }
        if let banding6 { all.append((banding6, .bandingCode)) }
        return all
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
