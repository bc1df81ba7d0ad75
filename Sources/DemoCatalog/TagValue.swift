/// The value of one v3 search term, as the API's search help reads it: `=x` matches exactly, `<x` and
/// `>x` compare, `a-b` is a range, `a,b,c` a list, and anything else is the tag's own default (contains,
/// starts with, a margin…). Quotes are already gone (`len:"<30"` arrives as `<30`).
enum TagValue: Equatable {
    case plain(String)
    case exactly(String)
    case below(String)
    case above(String)
    case range(String, String)
    case list([String])

    init(_ text: String) {
        if let rest = text.dropping("=") { self = .exactly(rest); return }
        if let rest = text.dropping("<") { self = .below(rest); return }
        if let rest = text.dropping(">") { self = .above(rest); return }
        if text.contains(",") { self = .list(text.split(separator: ",").map { String($0) }); return }
        // A range's dash follows a digit: "10-15", "-34.7--34.5"; a leading minus is a sign.
        let characters = Array(text)
        if let dash = characters.indices.dropFirst().first(where: { characters[$0] == "-" && characters[$0 - 1].isNumber }) {
            self = .range(String(characters[..<dash]), String(characters[(dash + 1)...]))
            return
        }
        self = .plain(text)
    }

    /// Compares `field` as a number. `plain` is `margin(value)`: the two ends of the range a bare number
    /// stands for. Only finite numbers count ("nan" is not one), and a range's ends may come either way.
    func number(_ field: Double?, plain margin: (Double) -> (Double, Double)) -> Bool {
        guard let field, field.isFinite else { return false }
        switch self {
        case .plain(let value): return Self.finite(value).map { Self.between(margin($0), field) } ?? false
        case .exactly(let value): return Self.finite(value) == field
        case .below(let value): return Self.finite(value).map { field < $0 } ?? false
        case .above(let value): return Self.finite(value).map { field > $0 } ?? false
        case .range(let low, let high):
            guard let low = Self.finite(low), let high = Self.finite(high) else { return false }
            return Self.between((low, high), field)
        case .list(let values): return values.contains { Self.finite($0) == field }
        }
    }

    static func finite(_ text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }

    /// Whether `value` lies between the two ends, whichever is the lower.
    static func between(_ ends: (Double, Double), _ value: Double) -> Bool {
        min(ends.0, ends.1) <= value && value <= max(ends.0, ends.1)
    }

    /// Compares `field` as text: `plain` by `defaultMatch` (contains, or starts with), `=` exactly.
    /// Case and accents do not count.
    func text(_ field: String?, plain defaultMatch: TextMatch) -> Bool {
        guard let field = field.map(Self.folded) else { return false }
        switch self {
        case .plain(let value), .below(let value), .above(let value):
            return defaultMatch.test(field, Self.folded(value))
        case .range(let low, let high):
            return defaultMatch.test(field, Self.folded(low + "-" + high))
        case .exactly(let value): return field == Self.folded(value)
        // Text with a comma is one value ("Dordogne, France"): lists are for numbers.
        case .list(let values): return defaultMatch.test(field, Self.folded(values.joined(separator: ",")))
        }
    }

    /// yes or no fields (`seen:`, `playback:`, `auto:`).
    func yesNo(_ field: String?) -> Bool {
        guard case .plain(let value) = self else { return false }
        return field?.lowercased() == value.lowercased()
    }

    enum TextMatch {
        case contains, startsWith, equals

        func test(_ field: String, _ value: String) -> Bool {
            switch self {
            case .contains: return field.contains(value)
            case .startsWith: return field.hasPrefix(value)
            case .equals: return field == value
            }
        }
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

extension String {
    fileprivate func dropping(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

import Foundation
