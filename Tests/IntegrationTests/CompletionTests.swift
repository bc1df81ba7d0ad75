import DemoCatalog
import Foundation
import Library
import LibraryModel
import Testing

/// Tab in a query, in a real bash and a real fish (each in a terminal, as a person presses it): tags'
/// values with their spaces escaped, and the species names the library knows.
@Suite("Completion of a query's words in bash and fish")
struct CompletionTests {
    @Test func bashAndFishCompleteTagValuesAndTheLibrarysSpecies() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-completion-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let data = home.appendingPathComponent("data")
        let library = try SQLiteLibrary(paths: LibraryPaths(folder: data.appendingPathComponent("chirper")))
        for id in ["900001", "900130"] { try library.remember(play: try #require(DemoRecordings.builtIn.entry(id: id)).recording) }
        let binaries = ChirperProcess.binary.deletingLastPathComponent().path
        let environment = ["HOME": home.path, "XDG_DATA_HOME": data.path, "PATH": binaries + ":/usr/bin:/bin", "TERM": "xterm-256color"]

        let rc = home.appendingPathComponent("bashrc")
        try "PS1='$ '\nsource <(chirper --generate-completion-script bash)\n".write(to: rc, atomically: true, encoding: .utf8)
        let bash = try TmuxSession(command: ["bash", "--noprofile", "--rcfile", rc.path, "-i"], environment: environment, width: 120, height: 20)
        // Each case on a fresh line, a Tab after each text typed: a tag and its value at once, then a Tab
        // each; a species; a value after an escaped space.
        let cases: [[(typed: String, shows: String)]] = [
            [("chirper search type:al", "chirper search type:alarm\\ call")],
            [("chirper search rufous", "chirper search rufous-bellied\\ Thrush")],
            [("chirper search ty", "chirper search type:"), ("al", "chirper search type:alarm\\ call")],
            [("chirper search cnt:united\\ k", "chirper search cnt:united\\ kingdom")],
        ]
        for steps in cases {
            for (typed, shows) in steps { try await Self.expect(bash, typing: typed, completesTo: shows) }
            try bash.send("C-a", "C-k")
            _ = try await bash.waitForScreen { !$0.contains(steps.last?.shows ?? "") }
        }
        // The values listed after the colon.
        try bash.send("-l", "chirper search sex:")
        try bash.send("Tab")
        try bash.send("Tab")
        let listed = try await bash.waitForScreen(seconds: 10) { $0.contains("female") && $0.contains("uncertain") }
        #expect(listed.contains("female") && listed.contains("uncertain"), "sex: ⇥⇥ lists the values: \(listed)")

        let fishConfig = home.appendingPathComponent(".config/fish")
        try FileManager.default.createDirectory(at: fishConfig, withIntermediateDirectories: true)
        try "chirper --generate-completion-script fish | source\n".write(to: fishConfig.appendingPathComponent("config.fish"), atomically: true, encoding: .utf8)
        let fish = try TmuxSession(command: ["fish"], environment: environment, width: 120, height: 20)
        try await Self.expect(fish, typing: "chirper queue sp:parus", completesTo: "chirper queue sp:parus\\ major")
    }

    static func expect(_ shell: TmuxSession, typing text: String, completesTo completed: String) async throws {
        try shell.send("-l", text)
        try shell.send("Tab")
        let screen = try await shell.waitForScreen(seconds: 10) { $0.contains(completed) }
        #expect(screen.contains(completed), "\(text) ⇥ \(completed): \(screen)")
    }
}
