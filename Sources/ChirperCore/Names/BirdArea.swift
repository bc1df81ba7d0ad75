/// xeno-canto's areas (`area:`), by which a name several birds share may be decided: "Robin" in Europe
/// is the European Robin. A country (`cnt:`) stands for the area it is in.
public enum BirdArea: String, Sendable, CaseIterable {
    case africa, america, asia, australia, europe

    /// The first words of the English names of this area's birds where a name is shared.
    var nameWords: Set<Substring> {
        switch self {
        case .europe: ["european", "eurasian", "common"]
        case .america: ["american", "northern"]
        case .africa: ["african"]
        case .asia: ["asian", "oriental", "indian", "chinese", "japanese"]
        case .australia: ["australian", "australasian"]
        }
    }

    /// "Europe", as a line names it.
    public var title: String {
        switch self {
        case .africa: "Africa"
        case .america: "the Americas"
        case .asia: "Asia"
        case .australia: "Australasia"
        case .europe: "Europe"
        }
    }

    public init?(area: String) {
        self.init(rawValue: NameKey(area).text)
    }

    /// `--region`'s value: an area, else a country.
    public init?(region: String) {
        guard let area = BirdArea(area: region) ?? BirdArea(country: region) else { return nil }
        self = area
    }

    /// The area a country (as xeno-canto writes it) is in, for the countries most recorded.
    public init?(country: String) {
        let key = NameKey(country).text
        guard let area = Self.countries.first(where: { $0.value.contains(key) })?.key else { return nil }
        self = area
    }

    private static let countries: [BirdArea: Set<String>] = [
        .europe: ["albania", "austria", "belarus", "belgium", "bosnia herzegovina", "bulgaria", "croatia", "cyprus",
                  "czech republic", "czechia", "denmark", "estonia", "finland", "france", "germany", "greece", "hungary",
                  "iceland", "ireland", "italy", "latvia", "lithuania", "luxembourg", "malta", "moldova", "montenegro",
                  "netherlands", "north macedonia", "norway", "poland", "portugal", "romania", "russian federation",
                  "serbia", "slovakia", "slovenia", "spain", "sweden", "switzerland", "ukraine", "united kingdom"],
        .america: ["argentina", "belize", "bolivia", "brazil", "canada", "chile", "colombia", "costa rica", "cuba", "ecuador",
                   "el salvador", "french guiana", "guatemala", "guyana", "honduras", "mexico", "nicaragua", "panama",
                   "paraguay", "peru", "suriname", "united states", "uruguay", "venezuela"],
        .africa: ["botswana", "cameroon", "egypt", "ethiopia", "gabon", "gambia", "ghana", "kenya", "madagascar", "malawi",
                  "morocco", "mozambique", "namibia", "nigeria", "senegal", "south africa", "tanzania", "uganda", "zambia", "zimbabwe"],
        .asia: ["bangladesh", "bhutan", "cambodia", "china", "india", "indonesia", "israel", "japan", "kazakhstan", "laos",
                "malaysia", "mongolia", "myanmar", "nepal", "oman", "pakistan", "philippines", "singapore", "south korea",
                "sri lanka", "taiwan", "thailand", "turkey", "vietnam"],
        .australia: ["australia", "new zealand", "papua new guinea"],
    ]
}
