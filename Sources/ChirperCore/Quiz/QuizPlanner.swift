import XenoCanto

/// A card of the quiz: a species and one of its sound types.
public struct QuizCardKey: Sendable, Hashable, Codable, Comparable {
    public var species: String
    public var soundType: String

    public init(species: String, soundType: String) {
        self.species = species
        self.soundType = soundType
    }

    public static func < (a: QuizCardKey, b: QuizCardKey) -> Bool { (a.species, a.soundType) < (b.species, b.soundType) }

    /// The cards a recording answers: its species with each sound type it lists.
    public static func keys(of recording: Recording) -> [QuizCardKey] {
        PackSelection.types(of: recording).sorted().map { QuizCardKey(species: recording.binomial, soundType: $0) }
    }
}

/// One question: a card, the recording that asks it, and the names offered (empty unless --choices).
public struct QuizQuestion: Sendable, Equatable {
    public var card: QuizCardKey
    public var recording: Recording
    public var choices: [String]
    /// A card new to the listener is taught first, named, with this recording (another of the card's
    /// when it has one): set on its first question of a session.
    public var introduction: Recording?

    public init(card: QuizCardKey, recording: Recording, choices: [String] = [], introduction: Recording? = nil) {
        self.card = card
        self.recording = recording
        self.choices = choices
        self.introduction = introduction
    }

    /// The rating a named answer gives the card: a right one just after the card was taught with this
    /// very recording (it has no other) is recognition, not recall, and counts at most as hard. (A grade
    /// the listener gives is taken as given: they know what they heard.)
    public func rating(_ given: FSRS.Rating) -> FSRS.Rating {
        introduction?.id == recording.id && given.rawValue > FSRS.Rating.hard.rawValue ? .hard : given
    }
}

/// What a session asks, in what order: the cards due, some new ones and a share of those already known
/// (a session of only the weakest teaches less), each asked with a recording other than the one heard
/// last time. Pure and repeatable: the same inputs and seed give the same session.
public struct QuizPlanner {
    public struct CardState: Sendable {
        public var card: FSRS.Card
        /// The XC number heard the last time the card was asked.
        public var lastRecording: String?

        public init(card: FSRS.Card, lastRecording: String?) {
            self.card = card
            self.lastRecording = lastRecording
        }
    }

    public var recordings: [QuizCardKey: [Recording]]
    public var states: [QuizCardKey: CardState]
    /// Every wrong answer so far: (heard, named) species.
    public var confusions: [(heard: String, named: String)]
    /// Each species' family, where the taxonomy knows it (the groups of close sounds use it).
    public var families: [String: String] = [:]

    public init(recordings: [QuizCardKey: [Recording]], states: [QuizCardKey: CardState], confusions: [(heard: String, named: String)]) {
        self.recordings = recordings
        self.states = states
        self.confusions = confusions
    }

    /// `teaching`: each new card's first question is preceded by its introduction.
    public func plan(count: Int, new newLimit: Int, choices: Int, at now: Double, seed: UInt64, teaching: Bool = true) -> [QuizQuestion] {
        var random = SeededRandom(seed: seed)
        let keys = recordings.keys.sorted()
        let due = keys.filter { key in states[key].map { $0.card.phase != .new && $0.card.due <= now } ?? false }
            .sorted { states[$0]!.card.due < states[$1]!.card.due }
        let new = keys.filter { states[$0] == nil || states[$0]!.card.phase == .new }
        let known = keys.filter { key in states[key].map { $0.card.phase != .new && $0.card.due > now } ?? false }
        // A fifth of the session (one at least) is kept for cards already known, when there are any.
        let knownShare = known.isEmpty ? 0 : max(1, count / 5)
        var chosen = Array(due.prefix(max(0, count - knownShare)))
        chosen += joining(new, newLimit: newLimit, places: count - chosen.count, random: &random)
        chosen += known.shuffled(using: &random).prefix(max(0, count - chosen.count))
        // Still short (a small set): the cards chosen are asked again (each time with another recording),
        // never more new cards than asked for.
        let asked = chosen
        while chosen.count < count, !asked.isEmpty { chosen.append(asked[random.next(below: asked.count)]) }
        chosen.shuffle(using: &random)
        let planned = questions(chosen, choices: choices, random: &random)
        return teaching ? introducing(Set(new), in: planned, random: &random) : planned
    }

    /// The new cards a session teaches, in `places` left of it: the group being learnt grows as its
    /// cards mature. `newLimit` counts this set's cards still being learnt (answered, not yet in review),
    /// so new ones join only as those pass to review; each joins closest to what is learnt or joining
    /// already (confused with it, then its genus, family, or heard with it), so a learner meets a sound
    /// beside the ones it is mistaken for. With nothing close, the seed's order.
    private func joining(_ new: [QuizCardKey], newLimit: Int, places: Int, random: inout SeededRandom) -> [QuizCardKey] {
        var left = new.shuffled(using: &random)
        var joined: [QuizCardKey] = []
        let learning = states.filter { recordings[$0.key] != nil && $0.value.card.phase.isBeingLearnt }.count
        let room = min(newLimit - learning, places)
        guard room > 0 else { return [] }
        let groups = QuizGroups(recordings: recordings, confusions: confusions, families: families)
        var near = Set(states.compactMap { $0.value.card.phase == .new ? nil : $0.key.species })
        while joined.count < room, !left.isEmpty {
            let closeness = left.map { card in near.map { groups.weight(card.species, $0) }.max() ?? 0 }
            let best = closeness.indices.max { (closeness[$0], $1) < (closeness[$1], $0) }!
            let card = left.remove(at: best)
            joined.append(card)
            near.insert(card.species)
        }
        return joined
    }

    /// `asked` with each new card's first question preceded by its introduction: another recording of
    /// the card than the one asked, when it has one.
    private func introducing(_ new: Set<QuizCardKey>, in asked: [QuizQuestion], random: inout SeededRandom) -> [QuizQuestion] {
        var introduced: Set<QuizCardKey> = []
        return asked.map { question in
            guard new.contains(question.card), introduced.insert(question.card).inserted else { return question }
            let others = (recordings[question.card] ?? []).filter { $0.id != question.recording.id }
            var taught = question
            taught.introduction = others.isEmpty ? question.recording : others[random.next(below: others.count)]
            return taught
        }
    }

    /// A review: each card due at `now` asked once (the most overdue first, at most `count`), nothing
    /// new and nothing not yet due; the names offered come from every recording held.
    public func review(count: Int, choices: Int, at now: Double, seed: UInt64) -> [QuizQuestion] {
        var random = SeededRandom(seed: seed)
        let due = recordings.keys.filter { key in states[key].map { $0.card.phase != .new && $0.card.due <= now } ?? false }
            .sorted { (states[$0]!.card.due, $0) < (states[$1]!.card.due, $1) }
        return questions(Array(due.prefix(count)), choices: choices, random: &random)
    }

    /// A question for each card of `chosen`, in order, each with another recording than the card's last.
    private func questions(_ chosen: [QuizCardKey], choices: Int, random: inout SeededRandom) -> [QuizQuestion] {
        var lastHeard: [QuizCardKey: String] = states.compactMapValues(\.lastRecording)
        let groups = choices > 1 ? QuizGroups(recordings: recordings, confusions: confusions, families: families) : nil
        return chosen.map { key in
            let candidates = recordings[key] ?? []
            let fresh = candidates.filter { $0.id != lastHeard[key] }
            let pool = fresh.isEmpty ? candidates : fresh
            let recording = pool[random.next(below: pool.count)]
            lastHeard[key] = recording.id
            let names = choices > 1 ? offered(for: key.species, count: choices, random: &random, groups: groups) : []
            return QuizQuestion(card: key, recording: recording, choices: names)
        }
    }

    /// `count` species to choose from: the right one, then those it was taken for, then its genus, then
    /// those heard in its recordings or it in theirs (`groups`), then any, in a shuffled order.
    public func offered(for species: String, count: Int, random: inout SeededRandom, groups: QuizGroups? = nil) -> [String] {
        let all = Set(recordings.keys.map(\.species)).sorted()
        var tally: [String: Int] = [:]
        for confusion in confusions where confusion.heard == species && confusion.named != species { tally[confusion.named, default: 0] += 1 }
        let confused = tally.keys.sorted { (tally[$0]!, $1) > (tally[$1]!, $0) }.filter(all.contains)
        let genus = species.split(separator: " ").first.map(String.init) ?? ""
        let sameGenus = all.filter { $0 != species && $0.hasPrefix(genus + " ") }.shuffled(using: &random)
        let others = all.filter { $0 != species }.shuffled(using: &random)
        let heardWith = { (other: String) in groups?.closeness[QuizGroups.Pair(species, other)]?.heardTogether ?? 0 }
        let together = all.filter { $0 != species && heardWith($0) > 0 }.sorted { (heardWith($0), $1) > (heardWith($1), $0) }
        var names = [species]
        for name in confused + sameGenus + together + others where names.count < count && !names.contains(name) { names.append(name) }
        return names.shuffled(using: &random)
    }
}

/// A random number generator from a seed (SplitMix64): a session's order repeats with `--seed`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
