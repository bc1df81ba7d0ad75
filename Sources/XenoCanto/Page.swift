import FoundationEssentials

/// One page of search results.
public struct Page: Sendable, Equatable {
    public var numRecordings: Int
    public var numSpecies: Int
    public var page: Int
    public var numPages: Int
    public var recordings: [Recording]
    /// Set when the words asked for were read another way than as an English name (not sent by the API).
    public var readAs: SearchQuery.Alternative?

    public init(numRecordings: Int, numSpecies: Int, page: Int, numPages: Int, recordings: [Recording]) {
        self.numRecordings = numRecordings
        self.numSpecies = numSpecies
        self.page = page
        self.numPages = numPages
        self.recordings = recordings
    }

    /// Whether another page follows. A page that came back empty ends the results even when `numPages`
    /// promised more: the live API has been seen to count one page too many.
    public var hasNextPage: Bool { !recordings.isEmpty && page < numPages }
}

extension Page: Codable {
    enum CodingKeys: String, CodingKey { case numRecordings, numSpecies, page, numPages, recordings }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        numRecordings = try c.flexibleInt(.numRecordings, atLeast: 0)
        numSpecies = (try? c.flexibleInt(.numSpecies, atLeast: 0)) ?? 0
        page = try c.flexibleInt(.page, atLeast: 1)
        numPages = try c.flexibleInt(.numPages, atLeast: 0)
        recordings = try c.decodeIfPresent([Recording].self, forKey: .recordings) ?? []
    }

    /// The live API's shape: counts as strings, page numbers as numbers.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(String(numRecordings), forKey: .numRecordings)
        try c.encode(String(numSpecies), forKey: .numSpecies)
        try c.encode(page, forKey: .page)
        try c.encode(numPages, forKey: .numPages)
        try c.encode(recordings, forKey: .recordings)
    }
}

extension KeyedDecodingContainer {
    /// The API sends some counts as strings ("342") and some as numbers; a count below `minimum` (a
    /// negative page, say) is as unreadable as one that is not a number.
    fileprivate func flexibleInt(_ key: Key, atLeast minimum: Int) throws -> Int {
        let number: Int
        if let value = try? decode(Int.self, forKey: key) {
            number = value
        } else {
            let text = try decode(String.self, forKey: key)
            guard let value = Int(text.trimmed) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a whole number")
            }
            number = value
        }
        guard number >= minimum else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "below \(minimum)")
        }
        return number
    }
}

/// The error body of the API: `{"error": "...", "message": "..."}`.
public struct APIErrorBody: Codable, Sendable, Equatable {
    /// The API's code for it: "invalid_key", "client_error".
    public var error: String
    /// Its sentence for a person; empty when the API gave none.
    public var message: String

    public init(error: String, message: String = "") {
        self.error = error
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case error, message }

    /// Both shapes the API has been seen to send: the flat `{"error": "client_error", "message": …}` and
    /// the nested `{"error": {"code": …, "message": …}}` (its code a string or a number).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let outerMessage = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? nil
        if let flat = try? container.decode(String.self, forKey: .error) {
            self.init(error: flat, message: outerMessage ?? "")
            return
        }
        let nested = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .error)
        let code = (try? nested.decode(String.self, forKey: .code)) ?? (try? nested.decode(Int.self, forKey: .code)).map(String.init) ?? ""
        let message = (try? nested.decodeIfPresent(String.self, forKey: .message)) ?? nil
        self.init(error: code, message: message ?? outerMessage ?? "")
    }

    private enum NestedKeys: String, CodingKey { case code, message }
}
