import Foundation
import Testing

/// `list add`: a list made without browse, from XC numbers, over real HTTP against the demo catalog.
@Suite("list add: a list made from XC numbers")
struct ListAddTests {
    @Test func recordingsArePutOnAListOnceAndAMissingOneIsNamed() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-list-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["XDG_DATA_HOME": data.path]
        try await TestCatalog.withServer { server in
            let added = try await ChirperProcess.run(["list", "add", "dawn", "XC900001", "900002"] + server.api, environment: environment)
            #expect(added.status == 0, "\(added.stdout)\(added.stderr)")
            #expect(added.stdout.hasPrefix("+ XC900001  ") && added.stdout.contains("\n+ XC900002  "), "\(added.stdout)")
            let before = server.faults.apiRequests.count
            let again = try await ChirperProcess.run(["list", "add", "dawn", "xeno-canto.org/900001"] + server.api, environment: environment)
            #expect(again.status == 0 && again.stdout.contains("(on the list already)"), "\(again.stdout)\(again.stderr)")
            #expect(server.faults.apiRequests.count == before, "a recording the library holds is not asked for")
            let shown = try await ChirperProcess.run(["list", "show", "dawn"], environment: environment)
            #expect(shown.stdout.split(separator: "\n").map { $0.prefix(8) } == ["XC900001", "XC900002"], "\(shown.stdout)")
            let missing = try await ChirperProcess.run(["list", "add", "dawn", "XC123456789"] + server.api, environment: environment)
            #expect(missing.status == 1 && missing.stderr.contains("not found on xeno-canto: XC123456789"), "\(missing.stderr)")
            let word = try await ChirperProcess.run(["list", "add", "dawn", "blackbird"], environment: environment)
            #expect(word.status == 2 && word.stderr.contains("blackbird is not an XC number"), "\(word.stderr)")
        }
    }
}
