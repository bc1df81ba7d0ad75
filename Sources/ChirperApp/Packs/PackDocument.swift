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

    static func text(name: String, source: String, built: Date?, recordings: [Recording]) -> String {
        let objects = recordings.map(RecordingJSON.text).joined(separator: ",\n  ")
        var head = "{\"format\": \(quoted(format)), \"name\": \(quoted(name)), \"source\": \(quoted(source)),"
        if let built { head += " \"built\": \(quoted(Day.text(built))),"}
        return head + "\n \"recordings\": [\n  " + objects + "\n ]}\n"
    }

    /// The document in `bytes`; nil when it is not a pack file Chirper can read.
    static func read(_ bytes: [UInt8]) -> Read? {
        struct Head: Decodable {
            var format: String
            var name: String
            var source: String?
        }
        guard let head = try? JSONDecoder().decode(Head.self, from: Data(bytes)), head.format == format,
              let objects = SentJSON.elements(under: "recordings", in: bytes) else { return nil }
        var recordings: [Recording] = []
        for object in objects {
            guard let recording = RecordingJSON.recording(from: String(decoding: object, as: UTF8.self)),
                  (1...12).contains(recording.id.count), recording.id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            recordings.append(recording)
        }
        return Read(name: head.name, source: head.source ?? "", recordings: recordings)
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
