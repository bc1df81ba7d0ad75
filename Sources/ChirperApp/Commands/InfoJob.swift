import ChirperCore
import LibraryModel
import XenoCanto
import XenoCantoHTTP

/// `info`: one recording's details by section, or its JSON object as the API sent it.
public enum InfoJob {
    /// `recording`: an XC number: 123456, XC123456 or the recording's page.
    public static func run(recording: String, json: Bool, api: APIChoice) async throws {
        let number = RecordingNumber.digits(recording)
        var found: (recording: Recording, json: String)?
        // A pack's recording is told with no request, its JSON as the API sent it.
        if let packed = PackedFiles.recording(number) {
            found = (packed, packed.sentJSON.text ?? RecordingJSON.text(of: packed))
        } else {
            let client = try api.client()
            do {
                found = try await client.recordingAsSent(number: number)
            } catch {
                throw error.failure
            }
        }
        guard let found else {
            throw CommandFailure(message: "chirper: no recording XC\(number) on xeno-canto.", exitCode: .noMatch)
        }
        if json {
            StandardOutput.write([found.json])
        } else {
            StandardOutput.write(RecordingSection.lines(RecordingSection.sections(of: found.recording)))
        }
    }
}
