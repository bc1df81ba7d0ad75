import ArgumentParser
import ChirperApp
import XenoCanto

extension Chirper {
    struct Info: AsyncParsableCommand, TopLevelCommand {
        static let name = "info"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Print one recording's details by section, with its recordist, licence and page for attribution.")

        @Argument(help: "The XC number: 123456, XC123456 or the recording's xeno-canto URL.")
        var recording: String

        @OptionGroup var api: APIOptions

        @Flag(help: "Print the recording's JSON object as the API sent it.")
        var json = false

        func validate() throws {
            guard RecordingNumber.isNumber(recording) else {
                throw ValidationError("\"\(recording)\" is not an XC number (e.g. 123456 or XC123456).")
            }
        }

        func run() async throws {
            try await InfoJob.run(recording: recording, json: json, api: api.choice)
        }
    }
}
