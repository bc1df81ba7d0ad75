import DemoCatalog
import Foundation
import Library
import LibraryModel
import Testing
import ChirperCore

/// Tab in a query, in a real bash and a real fish (each in a terminal, as a person presses it): tags'
/// values with their spaces escaped, and the species names the library knows.
@Suite("Completion of a query's words in bash and fish")
struct CompletionTests {
    @Test func bashAndFishCompleteTagValuesAndTheLibrarysSpecies() async throws {
        let shell = try Home()
        defer { shell.remove() }
        for id in ["900001", "900130"] { try shell.library.remember(play: try #require(DemoRecordings.builtIn.entry(id: id)).recording) }
        let bash = try await shell.bash()
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

        let fish = try await shell.fish()
        try await Self.expect(fish, typing: "chirper queue sp:parus", completesTo: "chirper queue sp:parus\\ major")
    }

    /// A home of the test's own with a library, and the chirper under test first on the PATH.
    struct Home {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-completion-\(UUID().uuidString)")
        let library: SQLiteLibrary
        var environment: [String: String] {
            // XDG_CONFIG_HOME too: a desktop's (or .ci/pipewire's) would send fish to another config.fish.
            ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
             "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "TERM": "xterm-256color",
             "PATH": ChirperProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"]
        }

        init() throws {
            library = try SQLiteLibrary(paths: LibraryPaths(folder: home.appendingPathComponent("data/chirper")))
        }

        func remove() { try? FileManager.default.removeItem(at: home) }

        /// An interactive fish with chirper's completion, once it shows anything.
        func fish(width: Int = 120) async throws -> TmuxSession {
            let config = home.appendingPathComponent(".config/fish")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try "chirper --generate-completion-script fish | source\n".write(to: config.appendingPathComponent("config.fish"), atomically: true, encoding: .utf8)
            let fish = try TmuxSession(command: ["fish"], environment: environment, width: width, height: 20)
            _ = try await fish.waitForScreen(seconds: 30) { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            return fish
        }

        /// An interactive bash with chirper's completion, once its prompt shows: keys typed before the
        /// rc file (completion script and all) is read would meet bash's own completion (on a busy
        /// machine the script takes a while to make).
        func bash() async throws -> TmuxSession {
            let rc = home.appendingPathComponent("bashrc")
            try "PS1='$ '\nsource <(chirper --generate-completion-script bash)\n".write(to: rc, atomically: true, encoding: .utf8)
            let bash = try TmuxSession(command: ["bash", "--noprofile", "--rcfile", rc.path, "-i"], environment: environment, width: 120, height: 20)
            _ = try await bash.waitForScreen(seconds: 30) { $0.contains("$") }
            return bash
        }
    }

    static func expect(_ shell: TmuxSession, typing text: String, completesTo completed: String) async throws {
        try shell.send("-l", text)
        try shell.send("Tab")
        // A bound on the wait, not a speed check: each Tab starts chirper, slow on a loaded machine.
        let screen = try await shell.waitForScreen(seconds: 30) { $0.contains(completed) }
        #expect(screen.contains(completed), "\(text) ⇥ \(completed): \(screen)")
    }

    /// The one escaping function, against bash itself: every byte from 0x01 to 0x7f, a newline and a
    /// few non-ASCII controls, each between letters, read back by bash as it was.
    @Test func everyCharacterIsReadBackByBashAsItWas() async throws {
        let texts = (1...0x7F).map { "a" + String(UnicodeScalar(UInt8($0))) + "b" } + ["a\nb", "a\u{2028}b", "a\u{202E}b", "a\u{200B}b", "Lucía's (1) $HOME `x` ~y", "~", "-n"]
        let script = texts.map { "printf '%s\\0' " + ShellWord.escaped($0) }.joined(separator: "\n")
        // In a UTF-8 locale and in C's: the words must not depend on it.
        for locale in ["C.UTF-8", "C"] {
            let result = try await ChirperProcess.run(["-c", script], environment: ["LC_ALL": locale, "LANG": locale],
                                                      executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(result.status == 0, "\(result.stderr)")
            let read = result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(read.count == texts.count, "\(locale): \(read.count) of \(texts.count): \(result.stderr)")
            for (text, back) in zip(texts, read) { #expect(back == text, "\(locale): \(text.debugDescription) came back as \(back.debugDescription)") }
        }
    }

    /// Names that need quoting, two parting at an escaped character: Tab inserts what bash reads back
    /// whole, and Enter runs the line (no continuation prompt); a name with a newline is not offered.
    @Test func bashCompletesNamesThatNeedQuotingIntoWholeWords() async throws {
        let shell = try Home()
        defer { shell.remove() }
        for (id, name) in [("900001", "Oddity (Tit) $one"), ("900002", "Oddity 'Tit' two"), ("900003", "Oddly\nsplit")] {
            var recording = try #require(DemoRecordings.builtIn.entry(id: "900001")).recording
            recording.id = id
            recording.englishName = name
            recording.genus = "Genus\(id)"
            try shell.library.remember(play: recording)
        }
        let bash = try await shell.bash()
        // The two part at an escaped character: the shared part is inserted whole, up to the space.
        try await Self.expect(bash, typing: "chirper search Oddi", completesTo: "chirper search Oddity\\")
        try bash.send("-l", "Z")
        let shared = try await bash.waitForScreen(seconds: 10) { $0.contains("Oddity\\ Z") }
        #expect(shared.contains("chirper search Oddity\\ Z"), "the space is inserted with its backslash: \(shared)")
        try bash.send("BSpace")
        try bash.send("-l", "\\'")
        try bash.send("Tab")
        let whole = try await bash.waitForScreen(seconds: 10) { $0.contains("Oddity\\ \\'Tit\\'\\ two") }
        #expect(whole.contains("chirper search Oddity\\ \\'Tit\\'\\ two"), "\(whole)")
        try bash.send("C-a", "C-k")
        try await Self.expect(bash, typing: "chirper search Oddity\\ \\(", completesTo: "chirper search Oddity\\ \\(Tit\\)\\ \\$one")
        try bash.send("C-a", "C-k")
        // A prefix that only the name with a newline has: nothing is offered, nothing is inserted.
        try bash.send("-l", "chirper search Oddl")
        try bash.send("Tab")
        try await Task.sleep(for: .milliseconds(800))
        let offered = try bash.screen()
        #expect(!offered.contains("split"), "\(offered)")
        try bash.send("C-a", "C-k")
        try bash.send("-l", "echo done-$((6*7))")
        try bash.send("Enter")
        let ran = try await bash.waitForScreen(seconds: 10) { $0.contains("done-42") }
        #expect(!ran.contains("\n> "), "no line was left open: \(ran)")
    }
}
