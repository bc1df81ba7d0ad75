import ChirperCore
import FoundationEssentials
import Glibc
import LibraryModel
import XenoCanto

/// `quiz`: a session of questions over a pack, a list or a query, scheduled by FSRS and kept in the
/// library; `--stats`, `--due` and `--pairs`.
public enum QuizJob {
    public struct Options: Sendable {
        public var mode: QuizMode
        public var choices: Int
        public var count: Int
        public var new: Int
        public var seed: UInt64?
        /// Seconds of each question's sound, from where the bird is first heard; nil: to the end.
        public var clip: Double?
        /// Only the species of this group (`QuizGroups`, from 1).
        public var group: Int?

        public init(mode: QuizMode, choices: Int, count: Int, new: Int, seed: UInt64?, clip: Double? = nil, group: Int? = nil) {
            self.clip = clip
            self.group = group
            self.mode = mode
            self.choices = choices
            self.count = count
            self.new = new
            self.seed = seed
        }
    }

    public static func run(_ source: QuizSource, options: Options, api: APIChoice, sound: SoundChoice,
                           paths: LibraryPaths = .standard()) async throws {
        guard Terminal.isLinear || (Terminal.isTTY(STDIN_FILENO) && Terminal.size != nil) else {
            throw CommandFailure(message: "chirper: quiz needs a terminal (stdin and stdout), or --plain for lines.", exitCode: .usage)
        }
        let library = try LibraryAccess.open(paths)
        let loaded = try await QuizSet.load(source, api: api, library: library, paths: paths)
        let set = try options.group.map { try group($0, of: loaded, source: source, library: library) } ?? loaded
        guard !set.recordings.isEmpty else {
            throw CommandFailure(message: "chirper: \(set.title) has no recording to ask about.", exitCode: .noMatch)
        }
        let states = QuizRecords.states(try LibraryAccess.run { () throws(LibraryError) in try library.quizCards() })
        let answers = try LibraryAccess.run { () throws(LibraryError) in try library.quizAnswers(limit: 10_000) }
        var planner = QuizPlanner(recordings: set.recordings, states: states, confusions: QuizRecords.confusions(answers))
        planner.families = set.families
        let (now, seed, choices) = (Date().timeIntervalSince1970, options.seed ?? UInt64.random(in: 0...UInt64.max), options.mode == .choices ? options.choices : 0)
        // Reviewing: each card due once, nothing new.
        let questions = source == .due ? planner.review(count: options.count, choices: choices, at: now, seed: seed)
            : planner.plan(count: options.count, new: options.new, choices: choices, at: now, seed: seed)
        if source == .due, questions.isEmpty {
            throw CommandFailure(message: "chirper: cards are due, but no pack or list holds a recording of them: ask them online with the query they came from.",
                                 exitCode: .noMatch)
        }
        try await ask(questions, set: set, mode: options.mode, states: states, library: library, api: api, sound: sound, clip: options.clip)
    }

    /// Runs the screen over `questions` and prints the summary.
    static func ask(_ questions: [QuizQuestion], set: QuizSet, mode: QuizMode, states: [QuizCardKey: QuizPlanner.CardState],
                    library: any LibraryStore, api: APIChoice, sound: SoundChoice, clip: Double?, streakGoal: Int? = nil) async throws {
        let loop = QuizLoop(title: set.title, playerOptions: sound.playerOptions(), childOptions: ChildCommand.options(api: api, sound: sound),
                            library: library, recordings: set.recordings, clips: QuestionClips(clipSeconds: clip, recordings: set.recordings.values.flatMap { $0 }), terminalSize: { Terminal.size })
        let model = QuizModel(questions: questions, mode: mode, names: set.names, width: Terminal.size?.width ?? 80, streakGoal: streakGoal)
        var ending = QuizLoop.Ending(status: .found, answers: [], notKept: 0)
        let status = Terminal.isLinear
            ? await LinearSession.run(LinearQuizScreen.init) { inputs, continuation, screen in
                ending = await loop.run(model, states: states, inputs: inputs, continuation: continuation, screen: &screen)
                return ending.status
            }
            : await FullScreenSession.run { inputs, continuation, screen in
                ending = await loop.run(model, states: states, inputs: inputs, continuation: continuation, screen: &screen)
                return ending.status
            }
        if ending.notKept > 0 {
            StandardOutput.write(["Quiz over: " + QuizRenderer.summary(ending.answers) + " \(ending.notKept) of them could not be kept in the library."])
            throw CommandFailure(exitCode: .library)
        }
        StandardOutput.write(["Quiz over: " + QuizRenderer.summary(ending.answers) + " chirper quiz --stats shows your progress."])
        if status == .interrupted { throw CommandFailure(exitCode: .interrupted) }
    }
}
