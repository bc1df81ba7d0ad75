/// A query in the API v3 syntax, as it will be sent.
///
/// v3 answers HTTP 400 to words without a tag, so what a person types is turned into tags the way they
/// mean it: `great tit` → `en:"great tit"`, `great tit cnt:france` → `en:"great tit" cnt:france`.
/// Tagged words pass through untouched, and `raw` sends the text exactly as typed.
public struct SearchQuery: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let text: String
    /// The untagged words as typed ("parus major"), which `text` asks for as an English name; nil when
    /// there were none or the query is raw. `readings` tries them otherwise when that finds nothing.
    public let words: String?
    /// The tagged terms beside the words, as typed.
    let terms: [String]
    /// The tagged terms beside the words, as typed (`cnt:france`).
    public var tags: [String] { terms }

    public init(_ typed: String, raw: Bool = false) {
        let trimmed = typed.trimmed
        if raw {
            text = trimmed
            words = nil
            terms = []
        } else {
            (words, terms) = SearchQuery.reading(trimmed)
            text = SearchQuery.tagged(words: words, terms: terms)
        }
    }

    /// The query as a person would type it again: its words, then its tagged terms (a raw query as sent).
    public var typed: String {
        words == nil && terms.isEmpty ? text : ([words].compactMap { $0 } + terms).joined(separator: " ")
    }

    /// A query of other terms than typed words (the readings of those words).
    init(terms: [String]) {
        text = terms.joined(separator: " ")
        words = nil
        self.terms = terms
    }

    /// The command line's words as one query's text. A shell turns `sp:"parus major"` into the one
    /// argument `sp:parus major`: an argument that is a tag whose value holds a space, and no other tag,
    /// is that one value again, quoted. An argument that holds several terms (`'cnt:brazil type:song'`)
    /// is left to the tokenizer.
    public static func joining(_ arguments: [String]) -> String {
        arguments.map { argument in
            let tokens = QueryTokenizer.tokens(argument)
            guard case .tagged(let first)? = tokens.first, tokens.count > 1,
                  !tokens.dropFirst().contains(where: { if case .tagged = $0 { true } else { false } }),
                  let colon = argument.firstIndex(of: ":"), !argument.contains("\"")
            else { return argument }
            let value = argument[argument.index(after: colon)...].trimmed
            return first.prefix { $0 != ":" } + ":\"" + value + "\""
        }.joined(separator: " ")
    }

    /// The query for one recording by its XC number ("XC123456", "123456").
    public static func number(_ id: String) -> SearchQuery {
        SearchQuery("nr:" + RecordingNumber.digits(id), raw: true)
    }

    public var description: String { text }

    /// The typed text's bare words (joined by one space) and its tagged terms.
    static func reading(_ typed: String) -> (words: String?, terms: [String]) {
        var tagged: [String] = []
        var bare: [String] = []
        for token in QueryTokenizer.tokens(typed) {
            switch token {
            case .tagged(let text): tagged.append(text)
            case .bare(let word): bare.append(word)
            }
        }
        // Whitespace inside a quoted phrase (a tab, a pasted no-break space) is one space, as the API
        // separates words; left as it was, it split the phrase when the query was read again (fuzzing).
        let words = bare.flatMap { $0.unicodeScalars.split(whereSeparator: \.properties.isWhitespace) }
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        return (words.isEmpty ? nil : words, tagged)
    }

    /// `great tit cnt:france` → `en:"great tit" cnt:france`.
    static func tagged(words: String?, terms: [String]) -> String {
        guard let words else { return terms.joined(separator: " ") }
        return ([term("en", words)] + terms).joined(separator: " ")
    }

    /// `en:tit`, `sp:"parus major"`.
    static func term(_ tag: String, _ value: String) -> String {
        tag + ":" + (value.unicodeScalars.contains(" ") ? "\"\(value)\"" : value)
    }
}

/// Splits a query into tagged terms (`cnt:france`, `sp:"parus major"`) and bare words, respecting quotes.
public enum QueryTokenizer {
    public enum Token: Equatable, Sendable {
        case tagged(String)  // as typed, quotes included
        case bare(String)    // quotes removed
    }

    /// By Unicode scalars, not Characters: a word that begins with a combining mark would otherwise join
    /// the space, quote or colon before it into one Character, and the query would read back differently
    /// from how it was written (found by `make fuzz`).
    public static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var inQuotes = false
        var quoted = false  // the current bare token was a quoted phrase
        func flush() {
            defer { current = String.UnicodeScalarView(); quoted = false }
            guard !current.isEmpty else { return }
            if !quoted, let colon = current.firstIndex(of: ":"), colon != current.startIndex,
                current[..<colon].allSatisfy({ $0.properties.isAlphabetic || $0 == "-" || $0 == "_" })
            {
                tokens.append(.tagged(String(current)))
            } else {
                tokens.append(.bare(withoutQuotes(current[...])))
            }
        }
        for scalar in text.unicodeScalars {
            if scalar == "\"" {
                if current.isEmpty && !inQuotes { quoted = true }
                inQuotes.toggle()
                if !quoted { current.append(scalar) }
            } else if scalar.properties.isWhitespace && !inQuotes {
                flush()
            } else {
                current.append(scalar)
            }
        }
        flush()
        return tokens
    }

    /// A tagged term split into its tag and unquoted value: `sp:"parus major"` → ("sp", "parus major").
    public static func split(_ term: String) -> (tag: String, value: String)? {
        let scalars = term.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { return nil }
        return (String(scalars[..<colon]).lowercased(), withoutQuotes(scalars[scalars.index(after: colon)...]))
    }

    private static func withoutQuotes(_ scalars: Substring.UnicodeScalarView) -> String {
        String(String.UnicodeScalarView(scalars.filter { $0 != "\"" }))
    }
}

/// XC numbers as people write them: "XC123456", "xc 123456", "123456", or a recording page URL.
public enum RecordingNumber {
    public static func digits(_ text: String) -> String {
        var trimmed = Substring(text.trimmed)
        if let range = trimmed.firstRange(of: "xeno-canto.org/") { trimmed = trimmed[range.upperBound...] }
        if trimmed.lowercased().hasPrefix("xc") { trimmed = trimmed.dropFirst(2) }
        return trimmed.trimmed { $0 == " " || $0 == "/" }
    }

    /// Whether two XC numbers name one recording (leading zeros aside).
    public static func same(_ one: String, _ other: String) -> Bool {
        let a = digits(one), b = digits(other)
        guard !a.isEmpty, !b.isEmpty, a.allSatisfy({ $0.isASCII && $0.isNumber }), b.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return a.drop { $0 == "0" } == b.drop { $0 == "0" }
    }

    /// Whether the text names a recording by number rather than a file or URL.
    public static func isNumber(_ text: String) -> Bool {
        let digits = digits(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
            && (text.lowercased().hasPrefix("xc") || namesXenoCanto(text) || Int(text) != nil)
    }

    /// Whether `text` has `xeno-canto.org/` in it (a recording's page, or the site's own file), compared
    /// byte for byte: a play asks before its arguments are parsed, where the standard library's
    /// substring search would first build its table (docs/performance.md).
    public static func namesXenoCanto(_ text: String) -> Bool {
        let text = Array(text.utf8), part = Array("xeno-canto.org/".utf8)
        guard text.count >= part.count else { return false }
        return (0...text.count - part.count).contains { text[$0..<$0 + part.count].elementsEqual(part) }
    }
}

import FoundationEssentials
