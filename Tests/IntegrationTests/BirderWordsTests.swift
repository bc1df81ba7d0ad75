import Foundation
import Testing

/// Names and commands as a birder types them in bash, against the demo catalog over real HTTP.
@Suite("A birder's words, from a real shell")
struct BirderWordsTests {
    @Test func scientificNamesAndEnglishNamesWithoutHyphensAreFoundAndTheFooterSaysHow() async throws {
        try await TestCatalog.withServer { server in
            let api = server.api.joined(separator: " ")
            let latin = try await ChirperProcess.shell("chirper search parus major \(api)")
            #expect(latin.status == 0, "\(latin.stderr)")
            // The taxonomy knows the name: one request, for the species, and the footer gives its English name.
            #expect(latin.stdout.contains("Great Tit") && latin.stdout.contains("parus major → Great Tit, Parus major"), "\(latin.stdout)")
            #expect(server.faults.apiRequests.last?.parameters["query"] == "sp:\"Parus major\"")
            let quoted = try await ChirperProcess.shell("chirper search sp:\"parus major\" cnt:\"united kingdom\" \(api)")
            #expect(quoted.status == 0 || quoted.status == 1, "\(quoted.stderr)")
            #expect(server.faults.apiRequests.last?.parameters["query"] == "sp:\"parus major\" cnt:\"united kingdom\"")
            let thrush = try await ChirperProcess.shell("chirper search rufous bellied thrush \(api)")
            #expect(thrush.status == 0 && thrush.stdout.contains("Rufous-bellied Thrush"), "\(thrush.stdout)\(thrush.stderr)")
            #expect(server.faults.apiRequests.last?.parameters["query"] == "sp:\"Turdus rufiventris\"", "one request, by the taxonomy's name")
            // A name the taxonomy does not know (not a bird) is asked as typed.
            let grasshopper = try await ChirperProcess.shell("chirper search common field grasshopper \(api)")
            #expect(grasshopper.status == 0 && grasshopper.stdout.contains("Common Field Grasshopper"), "\(grasshopper.stdout)\(grasshopper.stderr)")
            #expect(server.faults.apiRequests.last?.parameters["query"] == "en:\"common field grasshopper\"")
            let nothing = try await ChirperProcess.shell("chirper search zebra finchy \(api)")
            #expect(nothing.status == 1)
            #expect(nothing.stdout.contains("No recordings match en:\"zebra finchy\", nor sp:\"zebra finchy\", nor en:zebra-finchy."), "\(nothing.stdout)")
            #expect(!nothing.stdout.contains("instead of sp:"), "no advice about a tag not typed")
        }
    }

    @Test func downloadTakesAQueryAsSearchDoesAndAMistypedCommandIsCorrected() async throws {
        try await TestCatalog.withServer { server in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-words-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let api = server.api.joined(separator: " ")
            let listed = try await ChirperProcess.shell("chirper search --json great tit q:A cnt:france \(api)")
            let count = listed.stdout.split(separator: "\n").count
            #expect(count > 0, "\(listed.stderr)")
            let saved = try await ChirperProcess.shell("chirper download great tit q:A cnt:france --dir '\(folder.path)' \(api)")
            #expect(saved.status == 0, "\(saved.stdout)\(saved.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == count, "\(saved.stdout)")
            let mixed = try await ChirperProcess.shell("chirper download 900001 abc")
            #expect(mixed.status == 2 && mixed.stderr.contains("abc is not an XC number"), "numbers among words: \(mixed.stderr)")
            let typo = try await ChirperProcess.shell("chirper serch great tit")
            #expect(typo.status == 2 && typo.stderr.contains("serch is not a command. Did you mean chirper search?"), "\(typo.stderr)")
            let words = try await ChirperProcess.shell("chirper great tit")
            #expect(words.status == 2 && words.stderr.contains("to search: chirper search great"), "\(words.stderr)")
            let nested = try await ChirperProcess.shell("chirper pack biuld trip")
            #expect(nested.status == 2 && nested.stderr.contains("chirper pack: biuld is not a command. Did you mean chirper pack build?"), "\(nested.stderr)")
        }
    }
}
