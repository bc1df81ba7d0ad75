import DisplayText
import FoundationEssentials

extension APIErrorBody {
    /// The body of an error answer, when it has the API's error shape.
    public init?(_ data: Data) {
        guard let body = try? JSONDecoder().decode(APIErrorBody.self, from: data) else { return nil }
        self = body
    }

    /// The message to show: the API's sentence, else its error code.
    public var readable: String { Displayable.line(message.isEmpty ? error : message) }

    public var isAboutKey: Bool { (error + " " + message).lowercased().contains("key") }
}

/// The start of a body, printable, for "bad response" messages.
public enum ByteSample {
    public static func firstBytes(_ data: Data, count: Int = 60) -> String {
        if data.isEmpty { return "(an empty body)" }
        let text = String(decoding: data.prefix(count), as: UTF8.self)
        let printable = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0.isPunctuation || $0.isSymbol || $0 == " ") ? $0 : "·" })
        return "\"" + printable + (data.count > count ? "…" : "") + "\""
    }
}

/// A JSON decoding failure, said in a few words: where in the document and what was wrong.
public enum DecodingProblem {
    public static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context)?:
            return "missing \"\(key.stringValue)\"" + (context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "unexpected value at \(path(context.codingPath))"
        case nil:
            return "unreadable"
        @unknown default:
            return "unreadable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
