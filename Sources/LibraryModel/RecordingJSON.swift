import FoundationEssentials
import XenoCanto

/// A recording's JSON in the library and in `pack.json`: the API's object as sent when it was kept,
/// else Chirper's own writing of the same fields.
public enum RecordingJSON {
    public static func text(of recording: Recording) -> String {
        if let sent = recording.sentJSON.text { return sent }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(recording) else { return "{\"id\":\"\(recording.id)\"}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The recording `text` holds, keeping `text` as the JSON it was sent as; nil when it is not one.
    public static func recording(from text: String) -> Recording? {
        guard var recording = try? JSONDecoder().decode(Recording.self, from: Data(text.utf8)) else { return nil }
        recording.sentJSON = SentJSON(Array(text.utf8))
        return recording
    }
}
