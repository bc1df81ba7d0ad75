import XenoCanto

/// The species of a `--species FILE`: one name a line (English or scientific; `#` starts a comment; a
/// BirdNET list's "Turdus merula_Eurasian Blackbird" is its scientific name), or a CSV as eBird writes
/// them: its data and life-list exports ("Common Name", "Scientific Name") and its taxonomy
/// ("SPECIES_CODE"), the scientific name used where there is one, else the code, else the English name.
public enum SpeciesList {
    public enum Name: Sendable, Equatable, Hashable {
        case scientific(String)
        case english(String)
        /// An eBird species code ("eurbla").
        case code(String)

        public var isScientific: Bool {
            if case .scientific = self { return true }
            return false
        }

        public var text: String {
            switch self {
            case .scientific(let text), .english(let text), .code(let text): text
            }
        }
    }

    public static func names(in text: String) -> [Name] {
        let lines = text.split(whereSeparator: \.isNewline).map { String($0) }
        guard let header = lines.first else { return [] }
        let columns = csvFields(header).map { Column(heading: $0) }
        let read: [(Column, (String) -> Name)] = [(.scientific, Name.scientific), (.code, Name.code), (.english, Name.english)]
        if let (index, name) = read.lazy.compactMap({ column, name in columns.firstIndex(of: column).map { ($0, name) } }).first {
            return unique(lines.dropFirst().compactMap { line in
                let fields = csvFields(line)
                guard index < fields.count, case let text = fields[index].trimmed, !text.isEmpty else { return nil }
                return name(text)
            })
        }
        return unique(lines.compactMap { line in
            var name = String(line.prefix { $0 != "#" }).trimmed
            // BirdNET's lists: "Turdus merula_Eurasian Blackbird".
            if let underscore = name.firstIndex(of: "_"), looksScientific(String(name[..<underscore])) { name = String(name[..<underscore]) }
            guard !name.isEmpty else { return nil }
            return looksScientific(name) ? .scientific(name) : .english(name)
        })
    }

    /// A CSV column a name is read from, by its heading in any case, with spaces or underscores.
    private enum Column: Equatable {
        case scientific, code, english, other

        init(heading: String) {
            switch heading.trimmed.lowercased().replacing("_", with: " ") {
            case "scientific name", "sci name": self = .scientific
            case "species code", "speciescode": self = .code
            case "common name", "english name", "primary com name": self = .english
            default: self = .other
            }
        }
    }

    /// The first line of `text` longer than `limit` bytes: its number and length. Names are read only
    /// from a text whose lines are all within the limit, so reading and matching them stay quick.
    public static func firstLongLine(in text: String, limit: Int) -> (number: Int, bytes: Int)? {
        var number = 1, length = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\n") { number += 1 }
                length = 0
            } else {
                length += 1
                if length > limit {
                    return (number, lineLength(in: text, number: number))
                }
            }
        }
        return nil
    }

    private static func lineLength(in text: String, number: Int) -> Int {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst(number - 1).first?.count ?? 0
    }

    /// "Parus major", "Turdus merula merula": a capitalised genus and lower-case epithets.
    public static func looksScientific(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        guard (2...3).contains(words.count), let first = words.first?.first, first.isUppercase else { return false }
        return words.allSatisfy { $0.allSatisfy(\.isLetter) } && words.dropFirst().allSatisfy { $0.allSatisfy(\.isLowercase) }
    }

    /// A name as compared: its `NameKey` (case, accents, apostrophes and hyphens forgiven).
    public static func folded(_ name: String) -> String {
        NameKey(name).text
    }

    /// The name in `candidates` closest to `name` (by edits of their keys), when it is close enough
    /// to offer: at most a third of the name's letters differ.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let wanted = NameKey.bytes(of: name)
        let allowed = max(2, wanted.count / 3)
        // Two names whose lengths differ by more than is allowed are that many edits apart at least:
        // not compared, so a long line costs no more than its length.
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let other = NameKey.bytes(of: candidate)
            guard abs(other.count - wanted.count) <= allowed else { return nil }
            return (candidate, EditDistance.between(wanted, other, atMost: allowed))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed else { return nil }
        return best.0
    }

    /// One line of CSV: fields split at commas outside double quotes, `""` inside quotes a quote.
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character != "\"" {
                    field.append(character)
                } else if index + 1 < characters.count, characters[index + 1] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        fields.append(field)
        return fields
    }

    private static func unique(_ names: [Name]) -> [Name] {
        var seen = Set<String>()
        return names.filter { seen.insert(folded($0.text)).inserted }
    }
}
