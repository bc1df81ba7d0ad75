import ArgumentParser
import ChirperApp
import XenoCanto

/// The options every command that talks to the API shares.
struct APIOptions: ParsableArguments {
    @Option(name: .customLong("api-url"), help: ArgumentHelp(
        "The API base URL (default \(APISettings.defaultBaseURL); also XC_API_URL).", valueName: "url"))
    var apiURL: String?

    @Option(help: ArgumentHelp("Your xeno-canto API key (also XC_API_KEY or ~/.config/chirper/config).", valueName: "key"))
    var key: String?

    var choice: APIChoice { APIChoice(key: key, apiURL: apiURL, configuration: Configuration.current) }
}

/// Which page of results, and how many per page.
struct PageOptions: ParsableArguments {
    @Option(help: "The page of results to show, from 1.")
    var page: Int = 1

    @Option(name: .customLong("per-page"), help: "Recordings per page, 50 to 500 (default: per-page in the config file, else 100).")
    var perPage: Int?

    @Flag(help: "Send the query exactly as typed, without turning bare words into en: tags.")
    var raw = false

    func validate() throws {
        try OptionRange.check(page, OptionRange.count, "--page must be from 1 to 1000000.")
        guard perPage.map(PageSize.allowed.contains) ?? true else {
            throw ValidationError("--per-page must be from \(PageSize.allowed.lowerBound) to \(PageSize.allowed.upperBound).")
        }
    }

    var choice: PageChoice { PageChoice(page: page, perPage: Configuration.current.perPage(option: perPage).value, raw: raw) }
}
