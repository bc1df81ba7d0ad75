import FoundationEssentials
import LibraryModel
import XenoCanto

/// `pack.json`: a pack's name, what it was built from, and its recordings' metadata as the API sent it,
/// enough to build the same pack elsewhere (`chirper pack import`).
enum PackDocument {
    static let format = "chirper-pack 1"

    struct Read {
        var name: String
        var source: String
        var recordings: [Recording]
    }

    /// A document whose recordings are read when asked for: a pack of a thousand is listed by the
    /// screenful, not decoded whole before its first screen.
    struct Listed: Sendable {
        var name: String
        var source: String
        /// Each recording's JSON object, as it is in the file.
        var objects: [ArraySlice<UInt8>]

        /// The recording of object `index`; nil when it does not read as one with an XC number.
        func recording(_ index: Int) -> Recording? {
            guard var recording = try? JSONDecoder().decode(Recording.self, from: Data(objects[index])),
                  (1...12).contains(recording.id.count), recording.id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            recording.sentJSON = SentJSON(objects[index])
            return recording
        }
    }

    /// The head of the document in `bytes` and where each recording is in it; nil when it is not a
    /// pack file Chirper can read.
    static func list(_ bytes: [UInt8]) -> Listed? {
        func text(_ key: String) -> String? {
            SentJSON.value(under: key, in: bytes).flatMap { try? JSONDecoder().decode(String.self, from: Data($0)) }
        }
        guard text("format") == format, let name = text("name"),
              let objects = SentJSON.elements(under: "recordings", in: bytes) else { return nil }
        return Listed(name: name, source: text("source") ?? "", objects: objects)
    }

    static func text(name: String, source: String, built: Date?, recordings: [Recording]) -> String {
        let objects = recordings.map(RecordingJSON.text).joined(separator: ",\n  ")
        var head = "{\"format\": \(quoted(format)), \"name\": \(quoted(name)), \"source\": \(quoted(source)),"
        if let built { head += " \"built\": \(quoted(LocalTime.day(built))),"}
        return head + "\n \"recordings\": [\n  " + objects + "\n ]}\n"
    }

    /// The document in `bytes`, every recording read; nil when it is not a pack file Chirper can read
    /// or a recording in it is not one.
    static func read(_ bytes: [UInt8]) -> Read? {
        guard let listed = list(bytes) else { return nil }
        var recordings: [Recording] = []
        for index in listed.objects.indices {
            guard let recording = listed.recording(index) else { return nil }
            recordings.append(recording)
        }
        return Read(name: listed.name, source: listed.source, recordings: recordings)
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
