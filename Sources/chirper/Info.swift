import ArgumentParser
import ChirperCore
import Foundation
import XenoCanto

extension Chirper {
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one recording's details by section, with its recordist, licence and page for attribution.")

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
                StandardOutput.write(RecordingSection.lines(RecordingSection.sections(of: found)))
            }
        }
    }
}
