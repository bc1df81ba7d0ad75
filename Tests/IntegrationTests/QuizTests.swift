import ChirperCore
import DemoCatalog
import Foundation
import Testing
import XenoCanto

extension PlaybackTests {
/// The quiz end to end in a terminal, over a pack of the demo catalog's files: names hidden until the
/// answer, the sound heard, the answers kept (`--stats`), and the confused pair drilled (`--pairs`).
@Suite("quiz: asked, answered, kept")
struct Quiz {
    /// Two Great Tit songs (2 and 3 s), a Song Thrush's and a blackbird's (2 s each).
    static let ids = ["900001", "900109", "900100", "900111"]
    static let hidden = ["Great Tit", "Parus", "Song Thrush", "Turdus", "Blackbird", "XC9"]

    /// The pack `birds` made as `pack build` leaves one: the files and pack.json.
    static func makePack(in library: PlaybackTests.Packs.Library) async throws -> [Recording] {
        try await TestCatalog.prepared.value
        let folder = library.folder("birds")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var recordings: [Recording] = []
        var objects: [String] = []
        for id in ids {
            let entry = try #require(DemoRecordings.builtIn.entry(id: id))
            let file = try await TestCatalog.audio.file(for: try #require(entry.audio))
            try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent("XC\(id).mp3"))
            recordings.append(entry.recording)
            objects.append(String(decoding: try JSONEncoder().encode(entry.recording), as: UTF8.self))
        }
        let document = "{\"format\": \"chirper-pack 1\", \"name\": \"birds\", \"source\": \"test\", \"recordings\": [" + objects.joined(separator: ",") + "]}"
        try document.write(to: folder.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        return recordings
    }

    static func english(_ species: String) -> String {
        ["Parus major": "Great Tit", "Turdus philomelos": "Song Thrush", "Turdus merula": "Common Blackbird"][species] ?? species
    }

    @Test func aSessionHidesTheNamesKeepsTheAnswersAndThePairIsDrilled() async throws {
        let library = PlaybackTests.Packs.Library()
        let recordings = try await Self.makePack(in: library)
        // The session the quiz will ask, worked out as it does (a fresh library: every card new).
        var cards: [QuizCardKey: [Recording]] = [:]
        for recording in recordings { for key in QuizCardKey.keys(of: recording) { cards[key, default: []].append(recording) } }
        let plan = QuizPlanner(recordings: cards, states: [:], confusions: []).plan(count: 4, new: 5, choices: 0, at: 0, seed: 11)
        let species = plan.map(\.card.species)
        let wrongName = species[1] == "Parus major" ? "Song Thrush" : "Great Tit"

        let environment = ChirperProcess.environment(extra: library.environment.merging(["TERM": "xterm-256color"]) { $1 })
        let recorder = try await MonitorRecorder()
        let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "quiz", "--pack", "birds", "--count", "4", "--seed", "11"],
                                       environment: environment, width: 110, height: 30)
        func asked(_ number: Int) async throws { try await Self.asked(number, of: plan, on: terminal) }
        #expect(plan.contains { $0.introduction != nil }, "a fresh library: new cards are taught")
        try await asked(1)
        // Heard before the answer: the position bar moves once the sound has reached the sink.
        let moving = try await terminal.waitForScreen(seconds: 6) { $0.contains("♪ ▶") && $0.contains("━━") }
        #expect(moving.contains("━━"), "the first question plays: \(moving)")
        try terminal.send("-l", Self.english(species[0]))
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("✓ Right: ") }
        try terminal.send("Enter")
        try await asked(2)
        try terminal.send("-l", wrongName)
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("✗ Not ") }
        // c: the compare screen, the recording heard above one of the bird named; q comes back.
        try terminal.send("c")
        let heardID = plan[1].recording.id
        // The answer screen also names the recording and may show its sonogram: the compare screen is
        // known by its side letters, A above B.
        let compared = try await terminal.waitForScreen(seconds: 15) { $0.contains("A · XC\(heardID) ·") && $0.contains("B · XC") && $0.contains("kHz") }
        #expect(compared.contains("A · XC\(heardID) ·") && !compared.contains("question 2 of 4"), "\(compared)")
        try terminal.send("q")
        let back = try await terminal.waitForScreen { $0.contains("✗ Not ") && $0.contains("question 2 of 4") }
        #expect(back.contains("c compare with a \(wrongName)"), "the answer again, after the compare screen: \(back)")
        try terminal.send("Enter")
        try await asked(3)
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("– It was ") }
        try terminal.send("Enter")
        try await asked(4)
        try terminal.send("C-s")
        _ = try await terminal.waitForScreen { $0.contains("kHz ┤") }
        try terminal.send("-l", Self.english(species[3]))
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("✓ Right: ") && $0.contains("counted as hard") }
        try terminal.send("Enter")
        _ = try await terminal.waitForScreen { $0.contains("4 questions answered, 2 right.") }
        try await Self.theSummaryHearsAMissBesideTheBirdTakenForIt(on: terminal, heardID: heardID)
        try terminal.send("q")
        #expect(try await terminal.exitStatus(within: 5) == 0)
        let heard = HeardSound(samples: try await recorder.stop())
        #expect(heard.audibleSeconds > 0.5, "the questions were heard: \(heard.audibleSeconds) s of \(heard.samples.count) samples, loudest \(heard.samples.map { abs(Int($0)) }.max() ?? 0)")
        try await Self.oneChosenAnswerTellsTheDesktopNoName(environment: environment)
        let confused = (species[1], wrongName == "Great Tit" ? "Parus major" : "Turdus philomelos")
        try await Self.statsKeepTheAnswers(library: library, confused: confused)
        try await Self.groupsListedAndDrilled(library: library, environment: environment, confused: confused)
        try await Self.reviewThenDrill(environment: environment)
    }

    /// Question `number` of `plan`: a card new to the listener is taught first (named, played), then
    /// asked with the name hidden.
    static func asked(_ number: Int, of plan: [QuizQuestion], on terminal: TmuxSession) async throws {
        let question = plan[number - 1]
        let count = plan.count
        if question.introduction != nil {
            let taught = try await terminal.waitForScreen { $0.contains("question \(number) of \(count)") && $0.contains("New to you: ") }
            #expect(taught.contains("New to you: \(english(question.card.species)) (\(question.card.species)) · \(question.card.soundType)")
                    && taught.contains("⏎ ask me"), "\(taught)")
            try terminal.send("Enter")
        }
        let screen = try await terminal.waitForScreen { $0.contains("question \(number) of \(count)") && $0.contains("Which bird is it?") }
        #expect(!hidden.contains { screen.contains($0) }, "no name before the answer: \(screen)")
    }

    /// `--stats` after the session and one question more: five answers, the confusion (heard → taken
    /// for), when each is due.
    static func statsKeepTheAnswers(library: PlaybackTests.Packs.Library, confused: (heard: String, named: String)) async throws {
        let stats = try await library.run(["quiz", "--stats"])
        // "Great Tit (Parus major)   1   3 …": each species by its English and scientific names, then its
        // cards and answers.
        let answers = stats.stdout.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let close = fields.firstIndex(where: { $0.hasSuffix(")") }), fields.contains(where: { $0 == "(Parus" || $0 == "(Turdus" }),
                  close + 2 < fields.count else { return nil }
            return Int(fields[close + 2])
        }
        #expect(answers.reduce(0, +) == 5, "five answers: \(stats.stdout)")
        #expect(stats.stdout.contains("(\(confused.heard)) → taken for ") && stats.stdout.contains(" (\(confused.named))\n"), "\(stats.stdout)")
        #expect(stats.stdout.contains("in ") || stats.stdout.contains("now"), "when each is due: \(stats.stdout)")
    }

    /// The summary's first miss (the second question, taken for another bird) is heard again on the
    /// compare screen beside the bird it was taken for; q there comes back to the summary.
    static func theSummaryHearsAMissBesideTheBirdTakenForIt(on terminal: TmuxSession, heardID: String) async throws {
        let summary = try await terminal.waitForScreen { $0.contains("Missed") && $0.contains("1–9 hear a miss") }
        #expect(summary.contains("  1  ") && summary.contains("(XC\(heardID)) — taken for"), "\(summary)")
        try terminal.send("1")
        let compared = try await terminal.waitForScreen(seconds: 15) { $0.contains("A · XC\(heardID) ·") && $0.contains("B · XC") && $0.contains("kHz") }
        #expect(!compared.contains("questions answered"), "\(compared)")
        try terminal.send("q")
        _ = try await terminal.waitForScreen { $0.contains("4 questions answered, 2 right.") && $0.contains("Missed") }
    }

    /// One question more, answered by choosing; on a session bus the desktop is told no name,
    /// recordist or page (MPRIS), as the screen says none.
    static func oneChosenAnswerTellsTheDesktopNoName(environment: [String: String]) async throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let choosing = try TmuxSession(command: [ChirperProcess.binary.path, "quiz", "--pack", "birds", "--count", "1", "--choices", "2", "--seed", "3"],
                                       environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }, width: 110, height: 30)
        _ = try await choosing.waitForScreen { $0.contains("  1  ") && $0.contains("  2  ") }
        let told = try await bus.waitFor(["metadata", "--format", "{{xesam:title}}|{{xesam:artist}}|{{xesam:url}}"]) { $0.hasPrefix("Chirper quiz") }
        #expect(told == "Chirper quiz: name this sound||", "\(told)")
        try choosing.send("1")
        _ = try await choosing.waitForScreen { $0.contains("It was ") || $0.contains("✓ Right") }
        try choosing.send("Enter")
        try choosing.send("q")
        #expect(try await choosing.exitStatus(within: 5) == 0)
    }

    /// After a session over the pack: `chirper quiz` alone (the cards due), then the pair confused drilled.
    static func reviewThenDrill(environment: [String: String]) async throws {
        // Nothing named: the cards due, whatever pack they came from. Just after the session either none is
        // due yet (it says when the next is) or a missed card already is (a slow run): it is asked.
        let review = try TmuxSession(command: [ChirperProcess.binary.path, "quiz"], environment: environment, width: 110, height: 30)
        let reviewed = try await review.waitForScreen(seconds: 20) {
            $0.contains("Nothing is due now; the next card is due in ") || $0.contains("chirper quiz · due · question 1 of")
        }
        if reviewed.contains("question 1 of") { try review.send("Escape") }
        #expect(try await review.exitStatus(within: 5) == 0, "\(reviewed)")

        // The pair drilled: both heard side by side, then questions between the two.
        let pairRecorder = try await MonitorRecorder()
        let drill = try TmuxSession(command: [ChirperProcess.binary.path, "quiz", "--pairs", "--pack", "birds", "--seed", "5"],
                                    environment: environment, width: 110, height: 40)
        let drilled = try await drill.waitForScreen(seconds: 20) { $0.contains("question 1 of 20") }
        #expect(drilled.contains("Right running: ") && drilled.contains(" 0/3 · "), "each one's run under the heading: \(drilled)")
        try drill.send("q")
        #expect(try await drill.exitStatus(within: 5) == 0)
        let pair = HeardSound(samples: try await pairRecorder.stop())
        #expect(pair.audibleSeconds > 3, "a recording of each was played: \(pair.audibleSeconds) s")
    }
}
}
