import FoundationEssentials
import XenoCanto

/// What the player asks of `chirper-library`, the process that holds the library (so the player's own
/// binary links neither GRDB nor Foundation, and its start does not grow with them). One request a
/// line of JSON on the helper's standard input; one `LibraryAnswer` a line on its standard output.
public enum LibraryRequest: Codable, Sendable, Equatable {
    case packs
    case pack(PackName)
    case save(StoredPack)
    case removePack(PackName)
    case packedRecording(id: String)
    case recordings(ids: [String])
    case lists
    case list(PackName)
    case add(SentRecording, list: PackName)
    case remove(ids: [String], list: PackName)
    case members(PackName)
    case rememberSearch(String)
    case searches(limit: Int)
    case rememberPlay(SentRecording)
    case plays(limit: Int)
    case clearHistory
    case quizCards
    case saveQuiz(QuizAnswerRecord, QuizCardRecord)
    case quizAnswers(limit: Int)
    case species
}

/// The helper's answer to one request: the result's JSON, or why there is none.
public enum LibraryAnswer: Codable, Sendable {
    case done(Data)
    case failed(LibraryError)

    public static func result(_ value: some Encodable) -> LibraryAnswer {
        do { return .done(try JSONEncoder().encode(value)) } catch {
            return .failed(.unusable(path: "", reason: "an answer could not be written: \(error)"))
        }
    }

    public func value<T: Decodable>(_ type: T.Type, path: String) throws(LibraryError) -> T {
        switch self {
        case .failed(let error): throw error
        case .done(let data):
            do { return try JSONDecoder().decode(T.self, from: data) } catch {
                throw .unusable(path: path, reason: "chirper-library answered what chirper cannot read")
            }
        }
    }
}

/// A recording on the wire and in the library: its JSON as the API sent it, so nothing it said is lost
/// on the way.
public struct SentRecording: Codable, Sendable, Equatable {
    public var recording: Recording

    public init(_ recording: Recording) { self.recording = recording }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let recording = RecordingJSON.recording(from: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a recording"))
        }
        self.recording = recording
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(RecordingJSON.text(of: recording))
    }
}

extension PackName: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let name = PackName(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a name: \(text)"))
        }
        self = name
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

extension PackedRecording: Codable {
    enum CodingKeys: String, CodingKey { case recording, file, fetched }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recording: try c.decode(SentRecording.self, forKey: .recording).recording,
                  file: try c.decodeIfPresent(String.self, forKey: .file), fetched: try c.decode(Date.self, forKey: .fetched))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(SentRecording(recording), forKey: .recording)
        try c.encodeIfPresent(file, forKey: .file)
        try c.encode(fetched, forKey: .fetched)
    }
}

extension PlayedRecording: Codable {
    enum CodingKeys: String, CodingKey { case recording, at }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recording: try c.decode(SentRecording.self, forKey: .recording).recording, at: try c.decode(Date.self, forKey: .at))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(SentRecording(recording), forKey: .recording)
        try c.encode(at, forKey: .at)
    }
}


/// The pack that holds a recording's file, and its entry there.
public struct PackedFile: Codable, Sendable, Equatable {
    public var pack: PackName
    public var member: PackedRecording

    public init(pack: PackName, member: PackedRecording) {
        self.pack = pack
        self.member = member
    }
}
