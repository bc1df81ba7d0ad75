import ChirperApp
import ChirperCore
import DemoCatalog
import Foundation
import Testing

/// One bird's names as birders write them, through every command that reads a name, against the demo
/// catalog over real HTTP: the same species each time, and no request spent on reading a name the
/// taxonomy knows.
@Suite("Names as birders write them, the same answer everywhere")
struct NamesTests {
    /// Forms of Common Blackbird's name: eBird's English, the short everyday name, the eBird and banding
    /// codes, the scientific name in lower case, a typo.
    static let blackbird = ["Eurasian Blackbird", "Blackbird", "eurbla", "EUBB", "turdus merula", "Common Blakbird"]

    @Test func everyFormOfANameFindsTheSameSpeciesInSearchPackBuildAndTheQuiz() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["XDG_DATA_HOME": data.path]
        let resolver = try #require(TaxonomyFile.resolver, "\(TaxonomyFile.problem ?? "")")
        let quiz = QuizNames([QuizSpecies(scientific: "Turdus merula", english: "Common Blackbird"),
                              QuizSpecies(scientific: "Turdus philomelos", english: "Song Thrush")], resolver: resolver)
        try await TestCatalog.withServer { server in
            for form in Self.blackbird {
                let before = server.faults.apiRequests.count
                let search = try await ChirperProcess.run(["search", form, "--json"] + server.api, environment: environment)
                #expect(search.status == 0, "\(form): \(search.stderr)")
                let species = Set(search.stdout.split(separator: "\n").compactMap { Self.binomial(of: String($0)) })
                #expect(species == ["Turdus merula"], "search \(form): \(species)")
                let asked = server.faults.apiRequests.dropFirst(before).compactMap { $0.parameters["query"] }
                // A typo is asked as typed first (it may be a name xeno-canto knows and the taxonomy not).
                #expect(asked.last == "sp:\"Turdus merula\"" && asked.count <= (form == "Common Blakbird" ? 2 : 1), "search \(form) asked \(asked)")
                #expect(quiz.species(named: form)?.scientific == "Turdus merula", "quiz answer \(form)")
            }
            // Tab, as zsh and fish ask for it (the library holds nothing yet: the taxonomy's names).
            for (typed, offered) in [("eurb", "eurbla"), ("EUB", "EUBB"), ("Turdus mer", "Turdus merula"), ("Eurasian Blackb", "Eurasian Blackbird")] {
                let words = ["chirper", "search", typed]
                let tab = try await ChirperProcess.run(["---completion", "search", "--", "positional@0", "2", String(typed.count)] + words,
                                                       environment: environment)
                #expect(tab.stdout.split(separator: "\n").contains { $0 == offered }, "\(typed)⇥: \(tab.stdout.prefix(300))")
            }
            let list = data.appendingPathComponent("species.txt")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try (Self.blackbird + ["Song Trush", "sonthr1"]).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            let before = server.faults.apiRequests.count
            let built = try await ChirperProcess.run(["pack", "build", "thrushes", "--species", list.path, "--per-species", "1"] + server.api,
                                                     environment: environment, timeout: 120)
            #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
            #expect(built.stdout.contains("· Blackbird → Common Blackbird, Turdus merula"), "\(built.stdout)")
            #expect(built.stdout.contains("· eurbla → Common Blackbird, Turdus merula (eBird code)"), "\(built.stdout)")
            #expect(built.stdout.contains("· Song Trush → Song Thrush, Turdus philomelos (the nearest name)"), "\(built.stdout)")
            #expect(built.stdout.contains("Pack thrushes: 2 recordings of 2 species"), "\(built.stdout)")
            // Eight names, two species: one request each, none to read a name.
            #expect(server.faults.apiRequests.count - before == 2, "\(server.faults.apiRequests.dropFirst(before).map(\.parameters))")
        }
    }

    /// A list as a new user types it: everyday names, a typo, a name two birds share, one no bird has.
    /// The pack holds what resolved; each name left out is said, with what to write instead; exit 4.
    @Test func aNameLeftOutIsSaidWithItsChoicesAndTheBuildExits4() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["XDG_DATA_HOME": data.path]
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let list = data.appendingPathComponent("trip.txt")
        try "Blue Tit\nRobin\nNightingale\nCommon Chafinch\nGreat Tti\nTawny Owl\nZxqv Wobbler\n".write(to: list, atomically: true, encoding: .utf8)
        try await TestCatalog.withServer { server in
            let before = server.faults.apiRequests.count
            let built = try await ChirperProcess.run(["pack", "build", "trip", "--species", list.path, "--per-species", "1"] + server.api,
                                                     environment: environment, timeout: 120)
            #expect(built.status == 4, "\(built.stdout)\(built.stderr)")
            #expect(built.stdout.contains("✗ Robin: more than one bird: "), "\(built.stdout)")
            #expect(built.stdout.contains("European Robin (Erithacus rubecula)") && built.stdout.contains("American Robin (Turdus migratorius)"))
            #expect(built.stdout.contains(", …; name one, or give --region."), "\(built.stdout)")
            #expect(built.stdout.contains("✗ Zxqv Wobbler: "), "\(built.stdout)")
            #expect(built.stdout.contains("Pack trip: 5 recordings of 5 species"), "\(built.stdout)")
            #expect(built.stdout.contains("Left out (✗ above): Robin, Zxqv Wobbler"), "the summary names what is missing: \(built.stdout)")
            #expect(built.stderr.contains("2 names were left out"), "\(built.stderr)")
            // Five species a request each; the name no bird has is asked of xeno-canto (it may be a frog).
            let asked = server.faults.apiRequests.dropFirst(before).compactMap { $0.parameters["query"] }
            #expect(asked.filter { $0.hasPrefix("sp:") }.count == 5, "\(asked)")
            #expect(!asked.contains { $0.lowercased().contains("robin") }, "a choice costs no request: \(asked)")

            // A build whose files could not all be fetched, run again: it resumes the choice kept, and says
            // again what the list left out (exit 4), as the first run would have.
            for entry in DemoRecordings.builtIn.entries { server.faults.audio(entry.recording.id, .notFound) }
            let stopped = try await ChirperProcess.run(["pack", "build", "resumed", "--species", list.path, "--per-species", "1"] + server.api,
                                                       environment: environment, timeout: 120)
            #expect(stopped.status == 4 && stopped.stderr.contains("Run the same command again"), "\(stopped.stdout)\(stopped.stderr)")
            for entry in DemoRecordings.builtIn.entries { server.faults.audio(entry.recording.id, nil) }
            let resumed = try await ChirperProcess.run(["pack", "build", "resumed", "--species", list.path, "--per-species", "1"] + server.api,
                                                       environment: environment, timeout: 120)
            #expect(resumed.status == 4, "\(resumed.stdout)\(resumed.stderr)")
            #expect(resumed.stdout.contains("✗ Robin: more than one bird: "), "\(resumed.stdout)")
            #expect(resumed.stdout.contains("Left out (✗ above): Robin, Zxqv Wobbler"), "\(resumed.stdout)")

            let europe = try await ChirperProcess.run(["pack", "build", "trip", "--replace", "--region", "europe", "--species", list.path,
                                                       "--per-species", "1"] + server.api, environment: environment, timeout: 120)
            #expect(europe.stdout.contains("· Robin → European Robin, Erithacus rubecula (the one of Europe)"), "\(europe.stdout)")
            #expect(europe.stdout.contains("Pack trip: 6 recordings of 6 species"), "\(europe.stdout)")
            let badRegion = try await ChirperProcess.run(["pack", "build", "x", "--region", "atlantis", "--species", list.path], environment: environment)
            #expect(badRegion.status == 2 && badRegion.stderr.contains("--region must be an area"), "\(badRegion.stderr)")
        }
    }

    /// `names = ebird` in the config file: a listing gives eBird's English names, `--json` what xeno-canto sent.
    @Test func theNamesSettingChoosesTheEnglishNamesAListingShows() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let config = data.appendingPathComponent("config/chirper")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let environment = ["XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": data.appendingPathComponent("config").path]
        try await TestCatalog.withServer { server in
            for (style, shown, notShown) in [("ebird", "Eurasian Blackbird", "Common Blackbird"), ("scientific", "Turdus merula", "Common Blackbird"),
                                             ("ioc", "Common Blackbird", "Eurasian Blackbird")] {
                try "names = \(style)\n".write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
                let listed = try await ChirperProcess.run(["search", "sp:\"Turdus merula\""] + server.api, environment: environment)
                #expect(listed.status == 0 && listed.stdout.contains(shown) && !listed.stdout.contains(notShown), "\(style): \(listed.stdout)\(listed.stderr)")
                let json = try await ChirperProcess.run(["search", "sp:\"Turdus merula\"", "--json"] + server.api, environment: environment)
                #expect(json.stdout.contains("\"en\":\"Common Blackbird\""), "\(style): --json is what was sent: \(json.stdout.prefix(300))")
            }
        }
    }

    /// Without the taxonomy (a broken install), every command that reads a name says so once, on stderr,
    /// and reads names as xeno-canto does.
    @Test func withoutTheTaxonomyEachCommandSaysSoOnceAndAsksXenoCanto() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["XDG_DATA_HOME": data.path, "CHIRPER_TAXONOMY": data.appendingPathComponent("gone.tsv").path]
        try await TestCatalog.withServer { server in
            for command in [["search", "great", "tit"], ["search", "Parus", "major", "--json"]] {
                let run = try await ChirperProcess.run(command + server.api, environment: environment)
                let said = run.stderr.components(separatedBy: "no taxonomy file").count - 1
                #expect(run.status == 0 && said == 1 && run.stderr.contains("gone.tsv"), "\(command): \(run.stderr)")
                #expect(run.stdout.contains("Great Tit") || run.stdout.contains("Parus"), "\(command): found as xeno-canto reads it: \(run.stdout)")
            }
        }
    }

    /// `--json` prints one recording object a line; its `gen` and `sp`.
    static func binomial(of line: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let genus = object["gen"] as? String, let species = object["sp"] as? String else { return nil }
        return genus + " " + species
    }
}
