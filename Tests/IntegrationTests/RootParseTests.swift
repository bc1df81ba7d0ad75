import Testing

/// A command line is parsed first with the command it names as the root, without ArgumentParser's
/// search for `--generate-completion-script` (each root names a super command meanwhile), and once
/// more in the ordinary way when that parse fails or asks for help: completion scripts, help, the
/// version and usage errors must read as they always did, for commands and the commands inside them.
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

    @Test func aCommandParsedAsTheRootReadsAsAPartOfChirper() async throws {
        for arguments in [["pack", "build", "--help"], ["help", "pack", "build"]] {
            let help = try await ChirperProcess.run(arguments)
            #expect(help.status == 0, "\(arguments): \(help.stderr)")
            #expect(help.stdout.contains("USAGE: chirper pack build"), "\(arguments): \(help.stdout.prefix(300))")
        }
        // `help` is the root's alone.
        let helpInside = try await ChirperProcess.run(["pack", "help", "build"])
        #expect(helpInside.status == 2 && helpInside.stderr.contains("Usage: chirper pack <subcommand>"), "\(helpInside.stderr)")
        let nested = try await ChirperProcess.run(["cache", "list", "--bogus"])
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("Unknown option '--bogus'") && nested.stderr.contains("Usage: chirper cache list"), "\(nested.stderr)")
        // --version belongs to the root: a command parsed on its own does not know it.
        let version = try await ChirperProcess.run(["play", "--version"])
        #expect(version.status == 0 && version.stdout.contains("0.1.0"), "\(version.stdout) \(version.stderr)")
        let invalid = try await ChirperProcess.run(["play", "--loop-mark", "0", "x.mp3"])
        #expect(invalid.status == 2 && invalid.stderr.contains("--loop-mark must be from 1 to 1000000.") && invalid.stderr.contains("Usage: chirper play"), "\(invalid.stderr)")
    }
}
