import Testing

/// A command line is parsed first without ArgumentParser's search for `--generate-completion-script`
/// (the root names a super command meanwhile), and once more in the ordinary way when that parse
/// fails: completion scripts, help and usage errors must read as they always did.
@Suite("The parse without the completion script search")
struct RootParseTests {
    @Test func completionScriptsAreStillPrinted() async throws {
        for arguments in [["--generate-completion-script", "zsh"], ["--generate-completion-script=fish"]] {
            let result = try await ChirperProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("chirper") && result.stdout.contains("play"), "\(arguments): \(result.stdout.prefix(200))")
        }
    }

    @Test func helpAndErrorsNameTheCommandAsTheyAlwaysDid() async throws {
        let help = try await ChirperProcess.run(["play", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: chirper play"), "\(help.stdout.prefix(300))")
        let root = try await ChirperProcess.run(["--help"])
        #expect(root.stdout.contains("USAGE: chirper <subcommand>") && !root.stdout.contains("chirper chirper"), "\(root.stdout.prefix(300))")
        let unknown = try await ChirperProcess.run(["play", "--bogus", "1"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Unknown option '--bogus'") && unknown.stderr.contains("Usage: chirper play"), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("chirper chirper"))
        let version = try await ChirperProcess.run(["--version"])
        #expect(version.status == 0 && version.stdout.contains("0.1.0"))
    }
}
