import Foundation
import Testing

extension PlaybackTests.Quiz {
    /// After the session (one bird taken for another): `--groups` lists the pack's groups, the pair
    /// confused first, and `--group 1` asks that group alone; a group that is not there is said so.
    static func groupsListedAndDrilled(library: PlaybackTests.Packs.Library, environment: [String: String], confused: (String, String)) async throws {
        let listed = try await library.run(["quiz", "--groups", "--pack", "birds"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Groups of pack:birds to tell apart (by your confusions, then genus, then family, then birds heard together):", "\(listed.stdout)")
        let first = lines.dropFirst().first ?? ""
        #expect(first.hasPrefix("1  ") && first.contains(english(confused.0)) && first.contains(english(confused.1)), "the pair confused is group 1: \(listed.stdout)")
        #expect(listed.stdout.contains("taken for each other 1×") && listed.stdout.contains("Drill one: chirper quiz --group 1 --pack birds"), "\(listed.stdout)")

        let missing = try TmuxSession(command: [ChirperProcess.binary.path, "quiz", "--group", "9", "--pack", "birds"], environment: environment, width: 200)
        #expect(try await missing.exitStatus(within: 10) == 1)
        let said = try missing.screen()
        #expect(said.contains("pack:birds has groups 1 to ") && said.contains("(chirper quiz --groups --pack birds lists them)"), "\(said)")

        let drill = try TmuxSession(command: [ChirperProcess.binary.path, "quiz", "--group", "1", "--pack", "birds", "--count", "2", "--choices", "2", "--seed", "4"],
                                    environment: environment, width: 110, height: 40)
        let asked = try await drill.waitForScreen(seconds: 20) { $0.contains("pack:birds · group 1 · question 1 of 2") && $0.contains("  2  ") }
        // Both names offered are of group 1, as --groups listed it.
        let members = first.dropFirst(3).components(separatedBy: " · ")
        let offered = asked.split(separator: "\n").filter { $0.hasPrefix("  1  ") || $0.hasPrefix("  2  ") }
        #expect(offered.count == 2 && offered.allSatisfy { line in members.contains { line.contains($0) } }, "\(members): \(asked)")
        try drill.send("q")
        #expect(try await drill.exitStatus(within: 5) == 0)
    }
}
