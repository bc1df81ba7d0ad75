import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// The linear mode, as a screen reader user meets it: `TERM=dumb` in a pseudo-terminal (`script` keeps
/// every byte written), and a pipe. The whole output holds no escape sequence, no line is written twice
/// in a row, and every key is answered by a line.
@Suite("linear mode: play heard as lines")
struct LinearMode {
    /// The lines of a raw terminal log, without carriage returns and blank lines.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("Script done") }
    }

    static func expectLinear(_ text: String, _ what: String) {
        #expect(!text.contains("\u{1b}"), "\(what): no escape sequence: \(text.debugDescription)")
        let lines = Self.lines(text)
        let repeated = zip(lines, lines.dropFirst()).filter { $0 == $1 }.map(\.0)
        #expect(repeated.isEmpty, "\(what): no line twice in a row: \(repeated)")
    }

    /// A folder of the test's own.
    static func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-linear-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// chirper with `arguments` and TERM=dumb in a pseudo-terminal, every byte it writes kept in the log.
    static func dumbTerminal(_ arguments: [String], in directory: URL) throws -> (TmuxSession, URL) {
        let log = directory.appendingPathComponent("terminal.log")
        let command = ([ChirperProcess.binary.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let terminal = try TmuxSession(command: ["script", "-q", "-f", "-e", "-c", command, log.path],
                                       environment: ChirperProcess.environment(extra: ["TERM": "dumb"]), width: 100, height: 40)
        return (terminal, log)
    }

    @Test func everyKeyIsAnsweredByALineAndNothingIsRedrawn() async throws {
        let file = try await PlaybackTests.Listening.tone(hertz: 1_000, seconds: 30)
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (terminal, log) = try Self.dumbTerminal(["play", file.path], in: directory)
        _ = try await terminal.waitForScreen { $0.contains("Keys: ? lists them, q quits.") && $0.contains("playing (0:30)") }
        try terminal.send("?")
        _ = try await terminal.waitForScreen { $0.contains("  space: pause or resume") }
        try terminal.send("Right")
        _ = try await terminal.waitForScreen { $0.range(of: #"(?m)^at 0:\d\d"#, options: .regularExpression) != nil }
        try terminal.send("Space")
        _ = try await terminal.waitForScreen { $0.contains("paused") }
        try terminal.send("Space")
        _ = try await terminal.waitForScreen { $0.components(separatedBy: "playing (0:30)").count == 3 }
        try terminal.send("{")
        _ = try await terminal.waitForScreen { $0.contains("playing (0:30) ½×") }
        try terminal.send("-")
        _ = try await terminal.waitForScreen { $0.range(of: #"(?m)^volume \d+ %"#, options: .regularExpression) != nil }
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 10) == 0)
        let text = try String(contentsOf: log, encoding: .utf8)
        Self.expectLinear(text, "TERM=dumb")
        #expect(Self.lines(text).last == "stopped", "quitting is said: \(Self.lines(text).suffix(3))")
    }

    /// A quiz of three questions answered by typing, with TERM=dumb in a pseudo-terminal: taught, asked,
    /// answered right and wrong, the summary; the bird is not named between a question and its answer.
    @Test func aQuizIsAnsweredByTypingLines() async throws {
        let library = PlaybackTests.Packs.Library()
        try await PlaybackTests.QuizClip.makePack(in: library)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-linear-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("terminal.log")
        let command = [ChirperProcess.binary.path, "quiz", "--pack", "field", "--count", "3", "--clip", "2"].map { "'" + $0 + "'" }.joined(separator: " ")
        let terminal = try TmuxSession(command: ["script", "-q", "-f", "-e", "-c", command, log.path],
                                       environment: ChirperProcess.environment(extra: library.environment.merging(["TERM": "dumb"]) { $1 }),
                                       width: 100, height: 50)
        _ = try await terminal.waitForScreen { $0.contains("New to you: Great Tit") }
        try terminal.send("?", "Enter")
        _ = try await terminal.waitForScreen { $0.contains("Commands, each a line then Enter:") && $0.contains("an empty line: ") }
        _ = try await terminal.waitForScreen(seconds: 30) { $0.contains("Sound over: r plays it again.") }
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("question 1 of 3") && $0.contains("Which bird is it? Type its name.") }
        // The question's own sound is said, after the taught one's (the same words, a new sound).
        _ = try await terminal.waitForScreen(seconds: 30) { $0.components(separatedBy: "Sound: playing.").count >= 3 }
        try terminal.send("-l", "great tit")
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("✓ Right: Great Tit") }
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("question 2 of 3") }
        try terminal.send("-l", "blackbird")
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("✗ Not blackbird") }
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("question 3 of 3") }
        try terminal.send("-l", "parus major")
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.components(separatedBy: "✓ Right: Great Tit").count == 3 }
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("3 questions answered, 2 right.") }
        try terminal.send("q", "Enter")
        #expect(try await terminal.exitStatus(within: 15) == 0)
        let text = try String(contentsOf: log, encoding: .utf8)
        Self.expectLinear(text, "quiz with TERM=dumb")
        let lines = Self.lines(text)
        let asked = try #require(lines.firstIndex { $0.hasSuffix("question 2 of 3") })
        let answered = try #require(lines.firstIndex { $0.hasPrefix("✗ Not blackbird") })
        #expect(!lines[asked..<answered].contains { $0.contains("Great Tit") || $0.contains("Parus") }, "hidden until the reveal: \(lines[asked..<answered])")
        #expect(lines.contains { $0.hasPrefix("Quiz over: 3 questions answered, 2 right.") }, "\(lines.suffix(4))")
    }

    /// Browse with TERM=dumb: the page as numbered lines; a row starred, played and stopped, its details,
    /// a search again, the commands, by lines typed; the star kept in the library.
    @Test func browseIsALineConversation() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-linear-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let log = data.appendingPathComponent("terminal.log")
        try await TestCatalog.withServer { server in
            let command = ([ChirperProcess.binary.path, "browse", "great", "tit"] + server.api).map { "'" + $0 + "'" }.joined(separator: " ")
            let terminal = try TmuxSession(command: ["script", "-q", "-f", "-e", "-c", command, log.path],
                                           environment: ChirperProcess.environment(extra: ["TERM": "dumb", "XDG_DATA_HOME": data.path]), width: 120, height: 50)
            _ = try await terminal.waitForScreen { $0.contains("Results for great tit: ") && $0.contains("\n2. XC") }
            try terminal.send("-l", "f 2")
            try terminal.send("Enter")
            let starred = try await terminal.waitForScreen { $0.range(of: #"(?m)^2\. XC\d+ .* ★ starred$"#, options: .regularExpression) != nil }
            let number = try #require(starred.range(of: #"(?m)^2\. XC(\d+)"#, options: .regularExpression).map { String(starred[$0].dropFirst(5)) })
            try terminal.send("2", "Enter")
            _ = try await terminal.waitForScreen { $0.contains("2. XC\(number) playing") }
            try terminal.send("s", "Enter")
            _ = try await terminal.waitForScreen { $0.contains("2. XC\(number) ended") || $0.contains("Stopped.") }
            try terminal.send("-l", "i 1")
            try terminal.send("Enter")
            _ = try await terminal.waitForScreen { $0.contains("Details of 1. XC") }
            // Then its sonogram, in words.
            let described = try await terminal.waitForScreen { $0.contains(", in words:\n  Sound from ") && $0.contains(" kHz, most near ") }
            #expect(described.contains(", in words:\n  Sound from "), "\(described)")
            try terminal.send("?", "Enter")
            _ = try await terminal.waitForScreen { $0.contains("  a number: play that row") }
            try terminal.send("-l", "/ blackbird")
            try terminal.send("Enter")
            _ = try await terminal.waitForScreen { $0.contains("Results for blackbird: ") && $0.contains("Common Blackbird") }
            try terminal.send("q", "Enter")
            #expect(try await terminal.exitStatus(within: 20) == 0)
            let text = try String(contentsOf: log, encoding: .utf8)
            Self.expectLinear(text, "browse with TERM=dumb")
            let list = try await ChirperProcess.run(["list", "show", "starred"], environment: ["XDG_DATA_HOME": data.path])
            #expect(list.stdout.hasPrefix("XC\(number)"), "the star is kept: \(list.stdout)")
        }
    }

    /// Choices and self-grading, answered by a script through a pipe: a number chooses, an empty line
    /// reveals and goes on, a digit grades; the end of the script ends the quiz.
    @Test func choicesAndSelfGradingAreAnsweredByLinesFromAPipe() async throws {
        let library = PlaybackTests.Packs.Library()
        try await PlaybackTests.QuizClip.makePack(in: library)
        let chosen = try await ChirperProcess.run(["quiz", "--pack", "field", "--count", "2", "--clip", "1", "--choices", "2"],
                                                  environment: library.environment, timeout: 60, input: "\n1\n\n1\n\n")
        #expect(chosen.status == 0, "\(chosen.stdout)\(chosen.stderr)")
        #expect(chosen.stdout.components(separatedBy: "✓ Right: Great Tit").count == 3, "\(chosen.stdout)")
        #expect(chosen.stdout.contains("Quiz over: 2 questions answered, 2 right."), "\(chosen.stdout)")
        Self.expectLinear(chosen.stdout, "quiz --choices from a pipe")
        let graded = try await ChirperProcess.run(["quiz", "--pack", "field", "--count", "1", "--clip", "1", "--self"],
                                                  environment: library.environment, timeout: 60, input: "\n\n4\n")
        #expect(graded.status == 0 && graded.stdout.contains("How was it? 1 again"), "\(graded.stdout)\(graded.stderr)")
        #expect(graded.stdout.contains("Quiz over: 1 question answered"), "\(graded.stdout)")
        Self.expectLinear(graded.stdout, "quiz --self from a pipe")
    }

    /// compare through a pipe with TERM=dumb: each sonogram in words, then each side's play as lines, and
    /// the end (a pipe alone keeps the pictures: `CompareTests`).
    @Test func compareIsSaidInWordsThroughAPipe() async throws {
        let high = try await PlaybackTests.Listening.tone(hertz: 3_000, seconds: 1)
        let low = try await PlaybackTests.Listening.tone(hertz: 1_000, seconds: 1)
        let compared = try await ChirperProcess.run(["compare", high.path, low.path], environment: ["TERM": "dumb"], timeout: 30)
        #expect(compared.status == 0, "\(compared.stderr)")
        Self.expectLinear(compared.stdout, "compare into a pipe")
        let lines = Self.lines(compared.stdout)
        #expect(lines.first?.hasPrefix("A · ") == true && lines.contains { $0.hasPrefix("B · ") && $0.hasSuffix("its sonogram in words:") }, "\(lines)")
        #expect(lines.contains("  Sound from 2.9 to 3.1 kHz, most near 3.0 kHz.") || lines.contains { $0.contains("most near 3.0 kHz") }, "\(lines)")
        #expect(lines.contains { $0.contains("most near 1.0 kHz") }, "\(lines)")
        #expect(!lines.contains { $0.contains("kHz ┤") }, "no picture: \(lines)")
        #expect(lines.last == "ended", "\(lines)")
    }

    /// compare with TERM=dumb in a pseudo-terminal: its sonograms in words, Tab answered by a line.
    @Test func compareInAPseudoTerminalIsSaidInWords() async throws {
        let high = try await PlaybackTests.Listening.tone(hertz: 3_000, seconds: 20)
        let low = try await PlaybackTests.Listening.tone(hertz: 1_000, seconds: 20)
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (terminal, log) = try Self.dumbTerminal(["compare", high.path, low.path], in: directory)
        _ = try await terminal.waitForScreen { $0.contains("most near 1.0 kHz") && $0.contains("playing (0:20)") }
        try terminal.send("Tab")
        _ = try await terminal.waitForScreen { $0.contains("2/2 · B · ") }
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 10) == 0)
        let text = try String(contentsOf: log, encoding: .utf8)
        Self.expectLinear(text, "compare, TERM=dumb")
        #expect(text.contains("its sonogram in words:") && !text.contains("kHz ┤"), "\(text)")
    }

    @Test func throughAPipeTheEndIsSaid() async throws {
        let file = try await PlaybackTests.Listening.tone(hertz: 1_000, seconds: 2)
        let played = try await ChirperProcess.run(["play", file.path], environment: ["TERM": "xterm-256color"], timeout: 30)
        #expect(played.status == 0, "\(played.stderr)")
        Self.expectLinear(played.stdout, "a pipe")
        #expect(Self.lines(played.stdout).filter { $0 != "buffering" } == ["playing (0:02)", "ended"], "\(played.stdout)")
    }
}
}

/// `pack build --plain`: its progress as whole lines, one at each tenth of a step, nothing redrawn.
@Suite("linear mode: a pack build's progress as lines")
struct LinearPackBuildTests {
    @Test func theProgressIsSaidAtEachTenthAndNothingIsRedrawn() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-linear-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let list = data.appendingPathComponent("trip.txt")
        try "Great Tit\nEurasian Blue Tit\nCommon Blackbird\nSong Thrush\nEuropean Robin\n".write(to: list, atomically: true, encoding: .utf8)
        try await TestCatalog.withServer { server in
            let built = try await ChirperProcess.run(["pack", "build", "trip", "--plain", "--species", list.path, "--per-species", "1"] + server.api,
                                                     environment: ["XDG_DATA_HOME": data.path], timeout: 120)
            #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
            let said = PlaybackTests.LinearMode.lines(built.stderr)
            #expect(said.filter { $0.hasPrefix("Looking up: ") } == (0..<5).map { "Looking up: \($0 * 20) % (\($0) of 5)" }, "\(said)")
            #expect(said.filter { $0.hasPrefix("Fetching: ") }.count == 5, "\(said)")
            PlaybackTests.LinearMode.expectLinear(built.stderr + built.stdout, "pack build --plain")
        }
    }
}

/// Browse into a pipe: the linear mode, with no terminal at all.
@Suite("linear mode: browse into a pipe")
struct LinearBrowsePipeTests {
    /// Into a pipe, browse is the linear mode's lines (no escape codes), and the end of its input ends it.
    @Test func browseIntoAPipeIsLinesAndEndsWithItsInput() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["browse", "great tit"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            // A panel left open at the end of the input is closed, and browse ends.
            let details = try await ChirperProcess.run(["browse", "great tit"] + server.api, input: "i 1\ni 2\n")
            #expect(details.status == 0 && details.stdout.contains("Details of 1. XC") && details.stdout.contains("Details of 2. XC"), "\(details.stdout)")
            #expect(!result.stdout.contains("\u{1b}") && result.stdout.hasPrefix("Commands: a line each"), "\(result.stdout)")
            #expect(result.stdout.contains("Results for great tit: ") && result.stdout.contains("\n1. XC"), "typed ahead, it waits for the rows: \(result.stdout)")
        }
    }
}

/// `sonogram --describe`, and `sonogram` in the linear mode: the picture said in words.
@Suite("a sonogram said in words, end to end")
struct SonogramDescribeTests {
    @Test func aToneIsOneSteadyPhraseAtItsPitch() async throws {
        let file = try await TestCatalog.audio.file(for: AudioSpec(shape: .tone(hertz: 1_000), sampleRate: 44_100, channels: 1, seconds: 4))
        for arguments in [["sonogram", file.path, "--describe"], ["sonogram", file.path, "--plain"]] {
            let said = try await ChirperProcess.run(arguments, environment: ["TERM": "xterm-256color"])
            #expect(said.status == 0, "\(said.stderr)")
            let lines = said.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Sound from 1.0 to 1.0 kHz, most near 1.0 kHz.") == true, "\(arguments): \(said.stdout)")
            #expect(lines.dropFirst().first == "1 phrase:" && lines.last?.hasSuffix("1.0 kHz, steady") == true, "\(arguments): \(said.stdout)")
            PlaybackTests.LinearMode.expectLinear(said.stdout, "sonogram in words")
        }
    }

    /// A field recording's shape (wind, a voice, then phrases of six rising notes from 3 kHz at 11 s):
    /// its loudest phrases are the song's, said as its notes.
    @Test func aSongAfterWindAndAVoiceIsSaidAsItsNotes() async throws {
        let file = try await TestCatalog.audio.file(for: AudioSpec(shape: .announcedSong(hertz: 3_000, lead: 11), sampleRate: 44_100, channels: 1, seconds: 30))
        let said = try await ChirperProcess.run(["sonogram", file.path, "--describe"])
        let loudest = said.stdout.split(separator: "\n").filter { $0.hasPrefix("  at ") }
        #expect(loudest.count == 3 && loudest.allSatisfy { $0.hasSuffix("kHz, 6 rising notes") && !$0.hasPrefix("  at 0:0") }, "\(said.stdout)")
    }
}
