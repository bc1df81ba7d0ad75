import ArgumentParser
import Foundation
import XenoCanto

extension Chirper {
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every field of one recording, with its licence and recordist for attribution.")

        @Argument(help: "The XC number: 123456, XC123456 or the recording's xeno-canto URL.")
        var recording: String

        @OptionGroup var api: APIOptions

        @Flag(help: "Print the recording as JSON, with the API's field names.")
        var json = false

        func validate() throws {
            guard RecordingNumber.isNumber(recording) else {
                throw ValidationError("\"\(recording)\" is not an XC number (e.g. 123456 or XC123456).")
            }
        }

        func run() async throws {
            let number = RecordingNumber.digits(recording)
            let found: Recording?
            do {
                found = try await api.client().recording(number: number)
            } catch {
                throw error.failure
            }
            guard let found else {
                throw CommandFailure(message: "chirper: no recording XC\(number) on xeno-canto.", exitCode: .noMatch)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                StandardOutput.write([String(decoding: try encoder.encode(found), as: UTF8.self)])
            } else {
                StandardOutput.write(RecordingFields.lines(found))
            }
        }
    }
}

/// Every field of a recording as "Label  value" lines, absent fields left out.
enum RecordingFields {
    static func lines(_ r: Recording) -> [String] {
        let fields: [(String, String?)] = [
            ("Recording", "XC\(r.id)"),
            ("English name", r.englishName),
            ("Scientific name", r.scientificName.isEmpty ? nil : r.scientificName),
            ("Group", r.group),
            ("Type", r.soundType), ("Sex", r.sex), ("Stage", r.stage), ("Method", r.method),
            ("Country", r.country), ("Locality", r.locality),
            ("Coordinates", r.latitude.flatMap { lat in r.longitude.map { "\(lat), \($0)" } }),
            ("Altitude", r.altitude.map { $0 + " m" }),
            ("Date", r.date), ("Time", r.time), ("Uploaded", r.uploaded),
            ("Length", r.length), ("Quality", r.quality), ("Sample rate", r.sampleRate.map { $0 + " Hz" }),
            ("Device", r.device), ("Microphone", r.microphone), ("Automatic", r.automatic),
            ("Animal seen", r.animalSeen), ("Playback used", r.playbackUsed), ("Temperature", r.temperature),
            ("Registration", r.registrationNumber),
            ("Background", r.backgroundSpecies.isEmpty ? nil : r.backgroundSpecies.joined(separator: ", ")),
            ("Remarks", r.remarks),
            ("Recordist", r.recordist), ("Licence", r.licence),
            ("Page", r.pageURL), ("File", r.audioURL ?? "none: restricted species, not playable"),
            ("File name", r.fileName),
        ]
        let present = fields.compactMap { label, value in value.map { (label, $0) } }
        let labelWidth = present.map(\.0.count).max() ?? 0
        return present.map { label, value in label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  " + value }
    }
}
