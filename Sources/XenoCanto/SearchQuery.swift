/// A query in the API v3 syntax, as it will be sent.
///
/// v3 answers HTTP 400 to words without a tag, so what a person types is turned into tags the way they
/// mean it: `great tit` → `en:"great tit"`, `great tit cnt:france` → `en:"great tit" cnt:france`.
/// Tagged words pass through untouched, and `raw` sends the text exactly as typed.
public struct SearchQuery: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let text: String

    public init(_ typed: String, raw: Bool = false) {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        text = raw ? trimmed : SearchQuery.tagged(trimmed)
    }

    /// The query for one recording by its XC number ("XC123456", "123456").
    public static func number(_ id: String) -> SearchQuery {
        SearchQuery("nr:" + RecordingNumber.digits(id), raw: true)
    }

    public var description: String { text }

    static func tagged(_ typed: String) -> String {
        var tagged: [String] = []
        var bare: [String] = []
        for token in QueryTokenizer.tokens(typed) {
            switch token {
            case .tagged(let text): tagged.append(text)
            case .bare(let word): bare.append(word)
            }
        }
        guard !bare.isEmpty else { return tagged.joined(separator: " ") }
        let words = bare.joined(separator: " ")
        let english = "en:" + (words.contains(" ") ? "\"\(words)\"" : words)
        return ([english] + tagged).joined(separator: " ")
    }
}

/// Splits a query into tagged terms (`cnt:france`, `sp:"parus major"`) and bare words, respecting quotes.
public enum QueryTokenizer {
    public enum Token: Equatable, Sendable {
        case tagged(String)  // as typed, quotes included
        case bare(String)    // quotes removed
    }

    public static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inQuotes = false
        var quoted = false  // the current bare token was a quoted phrase
        func flush() {
            defer { current = ""; quoted = false }
            guard !current.isEmpty else { return }
            if !quoted, let colon = current.firstIndex(of: ":"), colon != current.startIndex,
                current[..<colon].allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" })
            {
                tokens.append(.tagged(current))
            } else {
                tokens.append(.bare(current.replacingOccurrences(of: "\"", with: "")))
            }
        }
        for character in text {
            if character == "\"" {
                if current.isEmpty && !inQuotes { quoted = true }
                inQuotes.toggle()
                if !quoted { current.append(character) }
            } else if character.isWhitespace && !inQuotes {
                flush()
            } else {
                current.append(character)
            }
        }
        flush()
        return tokens
    }

    /// A tagged term split into its tag and unquoted value: `sp:"parus major"` → ("sp", "parus major").
    public static func split(_ term: String) -> (tag: String, value: String)? {
        guard let colon = term.firstIndex(of: ":") else { return nil }
        let tag = term[..<colon].lowercased()
        let value = term[term.index(after: colon)...].replacingOccurrences(of: "\"", with: "")
        return (tag, value)
    }
}

/// XC numbers as people write them: "XC123456", "xc 123456", "123456", or a recording page URL.
public enum RecordingNumber {
    public static func digits(_ text: String) -> String {
        var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
        if let range = trimmed.range(of: "xeno-canto.org/") { trimmed = trimmed[range.upperBound...] }
        if trimmed.lowercased().hasPrefix("xc") { trimmed = trimmed.dropFirst(2) }
        return String(trimmed.trimmingCharacters(in: CharacterSet(charactersIn: " /")))
    }

    /// Whether the text names a recording by number rather than a file or URL.
    public static func isNumber(_ text: String) -> Bool {
        let digits = digits(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
            && (text.lowercased().hasPrefix("xc") || text.contains("xeno-canto.org/") || Int(text) != nil)
    }
}

import Foundation
