import Audio
import ChirperCore
import FoundationEssentials
import PlaybackModel
import XenoCanto

/// What `play` and `sonogram` are given: an XC number (looked up, its header printed), an http(s) URL or a
/// local file. Returns the source, a name for messages, and the length the API gave.
enum RecordingSource {
    /// An http(s) URL to play as it is (a xeno-canto page is looked up by its number instead).
    static func isDirectURL(_ text: String) -> Bool {
        (text.hasPrefix("http://") || text.hasPrefix("https://")) && (!RecordingNumber.namesXenoCanto(text) || text.hasSuffix(".mp3"))
    }

    /// `fileBeside`: for an XC number, the file its lookup will most likely name is asked for through it
    /// beside the lookup (kept only when the lookup names it).
    /// `announcing`: the recording's header line on stdout (not when stdout is the output itself).
    static func resolve(_ recording: String, api: APIChoice, fileBeside early: StartWork? = nil, announcing: Bool = true) async throws -> Found {
        let found = try await lookup(recording, api: api, fileBeside: early)
        if announcing, let listed = found.recording { StandardOutput.write([RecordingHeader.line(listed)]) }
        return found
    }

    /// What `recording` names: its source, a name for messages, the API's length and entry (an XC number).
    struct Found {
        /// Nil for a restricted recording: listed, with no file.
        var source: AudioSource?
        var name: String
        var duration: Double?
        var recording: Recording?

        /// Recording `number` as a pack holds it: its file and what the API said of it, with no request.
        static func packed(_ number: String) -> Found? {
            PackedFiles.recording(number).map { Found(source: $0.audioSource, name: "XC\($0.id)", duration: $0.duration, recording: $0) }
        }

        /// The source, or the failure of a restricted recording.
        func playable() throws -> AudioSource {
            guard let source else {
                throw CommandFailure(message: "chirper: \(name) is " + PlaybackError.notPlayable.description, exitCode: .playbackFailed)
            }
            return source
        }
    }

    /// As `resolve`, printing nothing.
    static func lookup(_ recording: String, api: APIChoice, fileBeside early: StartWork? = nil) async throws -> Found {
        if isDirectURL(recording) {
            return Found(source: .url(recording), name: recording)
        }
        if FileManager.default.fileExists(atPath: recording) || !RecordingNumber.isNumber(recording) {
            return Found(source: .file(recording), name: recording)
        }
        let number = RecordingNumber.digits(recording)
        if let packed = Found.packed(number) { return packed }
        let found: Recording?
        let client = try api.client()
        // Not when the cache holds that URL's file, which the engine plays with no request.
        if let early, client.settings.key != nil, let url = client.settings.expectedFileURL(ofRecording: number),
           !AudioCache(directory: AudioCache.defaultDirectory()).holds(url) {
            early.ask(url)
        }
        do { found = try await client.recording(number: number) } catch {
            early?.keepRequest(onlyFor: nil)
            throw error.failure
        }
        early?.keepRequest(onlyFor: found?.audioURL)
        guard let found else {
            throw CommandFailure(message: "chirper: no recording XC\(number) on xeno-canto.", exitCode: .noMatch)
        }
        return Found(source: found.audioURL.map { .url($0) }, name: "XC\(found.id)", duration: found.duration, recording: found)
    }
}
