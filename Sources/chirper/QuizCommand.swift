import ArgumentParser
import ChirperApp
import ChirperCore

extension Chirper {
    /// `chirper quiz`: learn songs and calls by ear, scheduled by FSRS.
    struct Quiz: AsyncParsableCommand, TopLevelCommand {
        static let name = "quiz"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Learn birds by ear: name what you hear; missed ones come back sooner (spaced review).",
            discussion: """
                Over a pack (offline), a list or a query's first page; with none of them, every card due, \
                from the recordings of all packs and lists (or when the next is due). Each question plays a recording of a card \
                (a species and a sound type), another than last time, its name hidden until you answer. Type the \
                name (English or scientific; Tab completes and cycles; small typos forgiven), or --choices 4, or \
                --self to reveal and grade yourself (1 again, 2 hard, 3 good, 4 easy). The sonogram as a hint \
                counts the answer as hard. \
                A card new to you is taught before it is asked: its name, what to listen for and its sonogram, \
                with a recording of it played (another than the question's when there is one); ⏎ then asks it. \
                Each question plays from where the bird is first heard (past leading silence, wind or a spoken \
                announcement); --clip plays only that many seconds of it. \
                A session (--count) mixes the cards due, new cards (--new) and some already known. \
                --stats: accuracy per species, its last 8 weeks as a chart, the recall FSRS predicts today and the pairs most confused; --due: when each card is due; \
                --groups: the set's groups of sounds to tell apart (your confusions first, then genus, then birds \
                heard in each other's recordings); --group N: a session of group N alone. \
                --pairs: the most confused pair side by side, then questions between the two until each has been \
                named right three times running.
                """ + "\n" + KeyLists.sentence(on: .quizIntroduction, lead: "A new card is named and played first")
                + "\n" + KeyLists.sentence(on: .quiz(.typing), lead: "Keys while typing an answer")
                + "\n" + KeyLists.sentence(on: .quiz(.choices), lead: "With --choices")
                + "\n" + KeyLists.sentence(on: .quiz(.selfGraded), lead: "With --self")
                + "\n" + KeyLists.sentence(on: .quizGrade, lead: "Once revealed (--self)")
                + "\n" + KeyLists.sentence(on: .quizAnswer, lead: "Once answered")
                + "\n" + KeyLists.sentence(on: .quizSummary(misses: true), lead: "On the summary"))

        @Argument(help: "A query whose first page of results makes the set (online).", completion: QueryWords.completion)
        var query: [String] = []

        @OptionGroup var shelf: ShelfOptions

        @Option(help: "Offer this many names to choose from (2 to 9) instead of typing.")
        var choices: Int?

        @Flag(name: .customLong("self"), help: "Listen, reveal, then grade yourself.")
        var selfGraded = false

        @Option(help: "Questions in the session.")
        var count = 20

        @Option(help: "New cards at most in the session.")
        var new = 5

        @Option(help: ArgumentHelp("Play this many seconds of each question, from where the bird is first heard (1 to 120).", valueName: "seconds"))
        var clip: Double?

        @Option(help: "Makes the session's order repeatable.")
        var seed: UInt64?

        @Flag(help: "Accuracy per species, when each is due, its last 8 weeks as a chart, the recall FSRS predicts and the pairs most confused.")
        var stats = false

        @Flag(help: "When each card is due.")
        var due = false

        @Flag(help: "Drill the pair you confuse most.")
        var pairs = false

        @Flag(help: "List the set's groups of sounds to tell apart: by your confusions, then genus, then family, then birds heard together.")
        var groups = false

        @Option(help: ArgumentHelp("Ask only the species of group N of --groups (new ones taught first).", valueName: "N"))
        var group: Int?

        @OptionGroup var api: APIOptions
        @OptionGroup var audio: AudioOptions

        func validate() throws {
            try OptionRange.check(choices, 2...9, "--choices must be from 2 to 9.")
            try OptionRange.check(count, 1...500, "--count must be from 1 to 500.")
            try OptionRange.check(new, 0...500, "--new must be from 0 to 500.")
            try OptionRange.check(clip, 1...120, "--clip must be from 1 to 120 seconds.")
            if choices != nil && selfGraded { throw ValidationError("Give --choices or --self, not both.") }
            try OptionRange.check(group, 1...999, "--group takes a group's number from --groups (1 and up).")
            let asked = [("--stats", stats), ("--due", due), ("--pairs", pairs), ("--groups", groups), ("--group", group != nil)].filter(\.1).map(\.0)
            if asked.count > 1 { throw ValidationError("Give one of " + asked.joined(separator: ", ") + ", not several.") }
            if clip != nil, stats || due || groups { throw ValidationError("--clip is for a session's questions, not " + asked.joined() + ".") }
            if (groups || group != nil) && query.isEmpty && shelf.choice == nil {
                throw ValidationError("--groups and --group are a pack's, a list's or a query's: chirper quiz --groups --pack trip")
            }
            if pairs && query.isEmpty && shelf.choice == nil {
                throw ValidationError("--pairs drills the pair of a pack, a list or a query: chirper quiz --pairs --pack trip")
            }
        }

        func run() async throws {
            if stats { return try QuizJob.stats() }
            if due { return try QuizJob.due() }
            let source: QuizSource = switch shelf.choice {
            case .pack(let name)?: .pack(name)
            case .list(let name)?: .list(name)
            case nil: query.isEmpty ? .due : .query(query)
            }
            if groups { return try await QuizJob.groups(source, api: api.choice) }
            if pairs { return try await QuizJob.pairs(source, api: api.choice, sound: audio.choice, seed: seed, clip: clip) }
            let mode: QuizMode = selfGraded ? .selfGraded : (choices != nil ? .choices : .typing)
            try await QuizJob.run(source, options: QuizJob.Options(mode: mode, choices: choices ?? 4, count: count, new: new, seed: seed, clip: clip, group: group),
                                  api: api.choice, sound: audio.choice)
        }
    }
}
