import ChirperCore
import Dispatch
import FoundationEssentials
import Glibc
import LibraryModel
import XenoCanto

extension QuizJob {
    /// Each recording once (one that lists two sound types is in two cards).
    static func unique(_ recordings: [Recording]) -> [Recording] {
        var seen = Set<String>()
        return recordings.filter { seen.insert($0.id).inserted }
    }

    /// `quiz --pairs`: the pair of the set most often confused, heard side by side on the compare
    /// screen (a recording of each, of the same sound type when both have one), then questions between
    /// just those two until each has been named right `pairsStreak` times running.
    public static func pairs(_ source: QuizSource, api: APIChoice, sound: SoundChoice, seed: UInt64?, clip: Double? = nil,
                             paths: LibraryPaths = .standard()) async throws {
        guard Terminal.isLinear || (Terminal.isTTY(STDIN_FILENO) && Terminal.size != nil) else {
            throw CommandFailure(message: "chirper: quiz needs a terminal (stdin and stdout), or --plain for lines.", exitCode: .usage)
        }
        let library = try LibraryAccess.open(paths)
        let set = try await QuizSet.load(source, api: api, library: library, paths: paths)
        let answers = try LibraryAccess.run { () throws(LibraryError) in try library.quizAnswers(limit: 10_000) }
        let species = Set(set.recordings.keys.map(\.species))
        var tally: [String: (pair: (String, String), count: Int)] = [:]
        for (heard, named) in QuizRecords.confusions(answers) where species.contains(heard) && species.contains(named) {
            let key = [heard, named].sorted().joined(separator: "|")
            tally[key] = ((heard, named), (tally[key]?.count ?? 0) + 1)
        }
        guard let (heard, named) = tally.values.sorted(by: { ($0.count, $1.pair.0) > ($1.count, $0.pair.0) }).first?.pair else {
            throw CommandFailure(message: "chirper: no pair of \(set.title) has been confused yet: answer some questions first (chirper quiz).",
                                 exitCode: .noMatch)
        }
        var random = SeededRandom(seed: seed ?? UInt64.random(in: 0...UInt64.max))
        let mine = set.recordings.filter { $0.key.species == heard }, theirs = set.recordings.filter { $0.key.species == named }
        let sharedType = mine.keys.map(\.soundType).first { type in theirs.keys.contains { $0.soundType == type } }
        func sample(_ cards: [QuizCardKey: [Recording]]) -> Recording? {
            (cards.first { $0.key.soundType == sharedType } ?? cards.first)?.value.first
        }
        guard let a = sample(mine), let b = sample(theirs) else { return }
        StandardOutput.write(["The two you confuse most, \(set.names.shown(heard)) and \(set.names.shown(named)): first side by side "
            + "(A plays, then B; Tab switches, q goes on), then questions between just these two, until each is named right "
            + "\(Self.pairsStreak) times running."])
        let compared = ChildCommand.run(["compare", "XC" + a.id, "XC" + b.id] + ChildCommand.options(api: api, sound: sound))
        if compared == ExitStatus.interrupted.rawValue { throw CommandFailure(exitCode: .interrupted) }
        if compared != 0 {
            StandardError.write("chirper: the two could not be compared side by side (chirper compare XC\(a.id) XC\(b.id)); the questions follow.")
        }

        let pairSet = set.recordings.filter { $0.key.species == heard || $0.key.species == named }
        let planner = QuizPlanner(recordings: pairSet, states: [:], confusions: [])
        // Both were just heard side by side: asked at once, not taught.
        let questions = planner.plan(count: 20, new: 20, choices: 2, at: 0, seed: random.next(), teaching: false)
        let states = QuizRecords.states(try LibraryAccess.run { () throws(LibraryError) in try library.quizCards() })
        try await ask(questions, set: QuizSet(title: set.title + " · " + heard + " or " + named, recordings: unique(pairSet.values.flatMap { $0 })),
                      mode: .choices, states: states, library: library, api: api, sound: sound, clip: clip, streakGoal: Self.pairsStreak)
    }

    /// Right answers running, for each of the pair, that end a drill.
    static let pairsStreak = 3
}

/// Another `chirper` command run as a child on this terminal, waited for: the compare screen before a
/// drill owns the terminal whole, and gives it back whole, before the quiz takes it.
enum ChildCommand {
    /// The options a child needs to reach the same server and sound device as this command.
    static func options(api: APIChoice, sound: SoundChoice) -> [String] {
        (sound.device.map { ["--device", $0] } ?? []) + (api.key.map { ["--key", $0] } ?? []) + (api.apiURL.map { ["--api-url", $0] } ?? [])
            + (Terminal.plainAsked ? [PlainOption.flag] : [])
    }

    /// `run` waited for off the caller's thread (a task must not block on `waitpid`).
    static func running(_ arguments: [String]) async -> Int32 {
        await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: run(arguments)) }
        }
    }

    /// The child's exit code; -1 when it could not start or did not exit by itself.
    static func run(_ arguments: [String]) -> Int32 {
        guard let pid = ChildProcess.spawn([DemoProcess.sibling("chirper")] + arguments) else { return -1 }
        return ChildProcess.wait(pid)
    }
}
