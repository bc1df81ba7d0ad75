import XenoCanto

/// The demo server's reading of a v3 query: tagged terms only, every tag of the API's search help with
/// the meaning the help gives it, read on the catalog's own data. An untagged word, an unknown tag and
/// `OR` are refused, as the live API refuses them.
struct CatalogSearch {
    enum Problem: Error, Equatable {
        case untagged(String)
        case unknownTag(String)
        case or
    }

    typealias Entry = DemoRecordings.Entry
    typealias Predicate = @Sendable (Entry) -> Bool
    let predicates: [Predicate]

    init(_ query: String) throws(Problem) {
        var predicates: [Predicate] = []
        for token in QueryTokenizer.tokens(query) {
            switch token {
            case .bare(let word) where word.uppercased() == "OR":
                throw .or
            case .bare(let word):
                throw .untagged(word)
            case .tagged(let term):
                guard let (tag, value) = QueryTokenizer.split(term), let make = CatalogSearch.tags[tag] else {
                    throw .unknownTag(String(term.prefix { $0 != ":" }))
                }
                predicates.append(make(TagValue(value)))
            }
        }
        self.predicates = predicates
    }

    func matches(_ entry: Entry) -> Bool { predicates.allSatisfy { $0(entry) } }

    // MARK: The tags

    static let tags: [String: @Sendable (TagValue) -> Predicate] = [
        // Names: genus, subspecies, country and family start with the value; the others contain it.
        "gen": { v in { v.text($0.recording.genus, plain: .startsWith) } },
        "ssp": { v in { v.text($0.recording.subspecies, plain: .startsWith) } },
        "sp": { v in { v.text($0.recording.species, plain: .startsWith) || v.text($0.recording.scientificName, plain: .startsWith) } },
        "fam": { v in { v.text($0.family, plain: .startsWith) } },
        "en": { v in { v.text($0.recording.englishName, plain: .contains) } },
        "grp": { v in { group(v, $0.recording.group) } },
        "rec": { v in { v.text($0.recording.recordist, plain: .contains) } },
        "cnt": { v in { v.text($0.recording.country, plain: .startsWith) } },
        "loc": { v in { v.text($0.recording.locality, plain: .contains) } },
        "area": { v in { v.text($0.recording.country.flatMap { areas[$0] }, plain: .equals) } },
        "rmk": { v in { v.text($0.recording.remarks, plain: .contains) } },
        "also": { v in { entry in entry.recording.backgroundSpecies.contains { v.text($0, plain: .contains) } } },
        "regnr": { v in { v.text($0.recording.registrationNumber, plain: .contains) } },
        "dvc": { v in { v.text($0.recording.device, plain: .contains) } },
        "mic": { v in { v.text($0.recording.microphone, plain: .contains) } },
        // Fixed vocabularies: the value is one of the field's terms ("alarm call" is not "call").
        "type": { v in { entry in terms(entry.recording.soundType).contains { v.text($0, plain: .equals) } } },
        "othertype": { v in { v.text($0.recording.soundType, plain: .contains) } },
        "sex": { v in { v.text($0.recording.sex, plain: .equals) } },
        "stage": { v in { v.text($0.recording.stage, plain: .equals) } },
        "method": { v in { v.text($0.recording.method, plain: .equals) } },
        "seen": { v in { v.yesNo($0.recording.animalSeen) } },
        "playback": { v in { v.yesNo($0.recording.playbackUsed) } },
        "auto": { v in { v.yesNo($0.recording.automatic) } },
        "lic": { v in { licence(v, $0.recording.licence) } },
        // Numbers: a bare value means what the help says (len ±1 %, lat/lon ±1°, temp up to a degree more).
        "nr": { v in { v.number(Double($0.recording.id), plain: { ($0, $0) }) } },
        "len": { v in { v.number($0.recording.duration, plain: { ($0 * 0.99, $0 * 1.01) }) } },
        "lat": { v in { v.number($0.recording.latitude.flatMap(Double.init), plain: { ($0 - 1, $0 + 1) }) } },
        "lon": { v in { v.number($0.recording.longitude.flatMap(Double.init), plain: { ($0 - 1, $0 + 1) }) } },
        "alt": { v in { v.number($0.recording.altitude.flatMap(Double.init), plain: { ($0, $0) }) } },
        "temp": { v in { v.number($0.recording.temperature.flatMap(Double.init), plain: { ($0, $0 + 1) }) } },
        "smp": { v in { v.number($0.recording.sampleRate.flatMap(Double.init), plain: { ($0, $0) }) } },
        "q": { v in { quality(v, $0.recording.quality) } },
        "box": { v in { box(v, $0.recording) } },
        // Dates: the recording's (year, month), the specimen's collection (colyear, colmonth), the upload (since).
        "year": { v in { v.number(datePart($0.recording.date, 0), plain: { ($0, $0) }) } },
        "month": { v in { v.number(datePart($0.recording.date, 1), plain: { ($0, $0) }) } },
        "colyear": { v in { v.number($0.collected.map { Double($0.year) }, plain: { ($0, $0) }) } },
        "colmonth": { v in { v.number($0.collected.map { Double($0.month) }, plain: { ($0, $0) }) } },
        "since": { v in
            let first = firstDay(since: v)  // once per query, not per recording
            return { entry in first.map { first in entry.recording.uploaded.flatMap(day).map { $0 >= first } ?? false } ?? false }
        },
    ]

    /// Groups by name or by the API's number for them.
    static let groupNumbers = ["0": "soundscape", "1": "birds", "2": "grasshoppers", "3": "bats", "4": "frogs", "5": "land mammals"]

    static func group(_ value: TagValue, _ field: String?) -> Bool {
        if case .plain(let number) = value, let name = groupNumbers[number] { return field?.lowercased() == name }
        return value.text(field, plain: .equals)
    }

    /// The world areas of the catalog's countries.
    static let areas = [
        "France": "europe", "Germany": "europe", "Spain": "europe", "United Kingdom": "europe", "Netherlands": "europe",
        "Sweden": "europe", "Brazil": "america", "Argentina": "america", "Australia": "australia",
    ]

    /// "song, alarm call" → ["song", "alarm call"].
    static func terms(_ field: String?) -> [String] {
        (field ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A to E, A the best: `<C` is worse than C (D, E), `>C` better (A, B). Unrated never matches.
    static func quality(_ value: TagValue, _ field: String?) -> Bool {
        let grades = Array("ABCDE")
        func rank(_ text: String) -> Int? { text.count == 1 ? grades.firstIndex(of: Character(text.uppercased())) : nil }
        guard let own = field.flatMap(rank) else { return false }
        switch value {
        case .plain(let text) where text.count == 3 && text.dropFirst().first == "-":  // q:A-C
            guard let low = rank(String(text.prefix(1))), let high = rank(String(text.suffix(1))) else { return false }
            return (min(low, high)...max(low, high)).contains(own)
        case .plain(let grade), .exactly(let grade): return rank(grade) == own
        case .below(let grade): return rank(grade).map { own > $0 } ?? false
        case .above(let grade): return rank(grade).map { own < $0 } ?? false
        case .range(let low, let high):
            guard let low = rank(low), let high = rank(high) else { return false }
            return (min(low, high)...max(low, high)).contains(own)
        case .list(let items): return items.contains { rank($0) == own }
        }
    }

    /// `lic:BY-NC-SA` is the licence with exactly those conditions; `lic:PD` (or CC0) the public domain.
    static func licence(_ value: TagValue, _ url: String?) -> Bool {
        guard let url = url?.lowercased() else { return false }
        let wanted: String
        switch value {
        case .plain(let text), .exactly(let text): wanted = text.lowercased()
        case .range(let low, let high): wanted = (low + "-" + high).lowercased()
        default: return false
        }
        if wanted == "pd" || wanted == "cc0" { return url.contains("publicdomain") }
        return url.contains("/licenses/\(wanted)/")
    }

    /// `box:LAT_MIN,LON_MIN,LAT_MAX,LON_MAX`.
    static func box(_ value: TagValue, _ recording: Recording) -> Bool {
        guard case .list(let corners) = value, corners.count == 4 else { return false }
        let numbers = corners.compactMap(TagValue.finite)
        guard numbers.count == 4, let lat = recording.latitude.flatMap(TagValue.finite), let lon = recording.longitude.flatMap(TagValue.finite) else {
            return false
        }
        return TagValue.between((numbers[0], numbers[2]), lat) && TagValue.between((numbers[1], numbers[3]), lon)
    }

    /// Year (0) or month (1) of a "YYYY-MM-DD" date.
    static func datePart(_ date: String?, _ index: Int) -> Double? {
        let parts = (date ?? "").split(separator: "-")
        return parts.count > index ? Double(parts[index]) : nil
    }

    /// The first day (since 1970) a `since:` value lets in: `since:3` the last 3 days, `since:2012-11-09`
    /// that day on; nil for anything else.
    static func firstDay(since value: TagValue) -> Int? {
        switch value {
        case .plain(let days):
            return Int(days).map { Int(Date().timeIntervalSince1970 / 86_400) - $0 }
        case .range(let low, let high):
            return day(low + "-" + high)
        default:
            return nil
        }
    }

    /// Days since 1970 of a "YYYY-MM-DD" date.
    static func day(_ text: String) -> Int? {
        var components = DateComponents()
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components).map { Int($0.timeIntervalSince1970 / 86_400) }
    }
}

import Foundation
