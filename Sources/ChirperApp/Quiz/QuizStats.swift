import ChirperCore
import DisplayText
import FoundationEssentials
import LibraryModel
import XenoCanto

/// `quiz --stats` and `quiz --due`: what the library holds of the quiz, as lines.
extension QuizJob {
    public static func stats(paths: LibraryPaths = .standard()) throws {
        let library = try LibraryAccess.open(paths)
        let states = QuizRecords.states(try LibraryAccess.run { () throws(LibraryError) in try library.quizCards() })
        let answers = try LibraryAccess.run { () throws(LibraryError) in try library.quizAnswers(limit: 100_000) }
        guard !answers.isEmpty else {
            StandardOutput.write(["No answers yet: chirper quiz --pack NAME starts a session."])
            return
        }
        StandardOutput.write(QuizStatsLines.lines(states: states, answers: answers, now: Date().timeIntervalSince1970, named: shown)
            .map { Displayable.line($0) })
    }

    public static func due(paths: LibraryPaths = .standard()) throws {
        let library = try LibraryAccess.open(paths)
        let states = QuizRecords.states(try LibraryAccess.run { () throws(LibraryError) in try library.quizCards() })
        guard !states.isEmpty else {
            StandardOutput.write(["No cards yet: chirper quiz --pack NAME starts a session."])
            return
        }
        let now = Date().timeIntervalSince1970
        let sorted = states.sorted { ($0.value.card.due, $0.key) < ($1.value.card.due, $1.key) }
        StandardOutput.write(sorted.map { key, state in
            Displayable.line(QuizStatsLines.when(state.card.due, now: now) + "  " + shown(key.species) + " · " + key.soundType)
        } + ["\(states.values.filter { $0.card.due <= now }.count) of \(states.count) cards due now."])
    }
}

extension QuizJob {
    /// "Great Tit (Parus major)": a card's species with the English name the taxonomy gives it in the
    /// style the config file asks for; the scientific name alone for a species it does not know.
    static func shown(_ scientific: String) -> String {
        guard let species = TaxonomyFile.resolver?.taxonomy.species(scientific: scientific) else { return scientific }
        let style = Configuration.current.nameStyle.value
        return style == .scientific ? species.scientific : "\(species.name(in: style)) (\(species.scientific))"
    }
}

/// The lines of `--stats`: per species its cards, answers, accuracy, next due and its last weeks as a
/// chart; the recall FSRS predicts now; then the pairs most often confused.
enum QuizStatsLines {
    /// The weeks the chart shows, the oldest first.
    static let chartWeeks = 8

    /// `named`: a species as shown, from its scientific name (the key the library keeps).
    static func lines(states: [QuizCardKey: QuizPlanner.CardState], answers: [QuizAnswerRecord], now: Double,
                      scheduler: FSRS = FSRS(), named: (String) -> String = { $0 }) -> [String] {
        let species = Set(answers.map(\.species)).union(states.keys.map(\.species)).sorted()
        let width = min(48, max(28, (species.map { named($0).count }.max() ?? 0) + 2))
        var lines = [pad("Species", width) + "cards  answers  right  next due     last \(chartWeeks) weeks (right)"]
        for name in species {
            let theirs = answers.filter { $0.species == name }
            let right = theirs.filter(isRight).count
            let cards = states.filter { $0.key.species == name }
            let next = cards.values.map(\.card.due).min()
            let accuracy = theirs.isEmpty ? "—" : "\(right * 100 / theirs.count) %"
            lines.append(pad(named(name), width) + pad(String(cards.count), 7) + pad(String(theirs.count), 9) + pad(accuracy, 7)
                + pad(next.map { when($0, now: now) } ?? "—", 13) + chart(theirs, now: now))
        }
        lines += ["", recall(states.values.map(\.card), now: now, scheduler: scheduler)]
        var pairs: [String: Int] = [:]
        for (heard, taken) in QuizRecords.confusions(answers) { pairs[named(heard) + " → taken for " + named(taken), default: 0] += 1 }
        if !pairs.isEmpty {
            lines += ["", "Most confused (heard → taken for):"]
            for (pair, count) in pairs.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(5) {
                lines.append("  \(count)×  " + pair)
            }
        }
        return lines
    }

    /// The recall FSRS predicts today, averaged over the cards past learning (a card still being learnt,
    /// or relearnt after a miss, is asked again within minutes: it has no chance of its own to average).
    static func recall(_ cards: [FSRS.Card], now: Double, scheduler: FSRS) -> String {
        let learnt = cards.filter { if case .review = $0.phase { $0.lastReview != nil } else { false } }
        guard !learnt.isEmpty else { return "Recall: no card is past learning yet (each is asked again within minutes until it is)." }
        let recall = learnt.map { scheduler.retrievability(of: $0, at: now) }.reduce(0, +) / Double(learnt.count)
        return "Recall now, as FSRS predicts it: \(Int((recall * 100).rounded())) % (the chance of naming each learnt card if asked today, "
            + "over the \(learnt.count) card\(learnt.count == 1 ? "" : "s") past learning)."
    }

    static func isRight(_ answer: QuizAnswerRecord) -> Bool {
        FSRS.Rating(rawValue: answer.rating).map { QuizAnswer.isRight(species: answer.species, named: answer.named, rating: $0) } ?? false
    }

    /// One character a week, the oldest first: · no answer that week, else a bar as high as the share of
    /// that week's answers that were right (▁ none, █ all).
    static func chart(_ answers: [QuizAnswerRecord], now: Double) -> String {
        let bars = Array("▁▂▃▄▅▆▇█")
        let week = 7 * 86_400.0
        return String((0..<chartWeeks).map { index -> Character in
            let end = now - Double(chartWeeks - 1 - index) * week
            let those = answers.filter { $0.at.timeIntervalSince1970 <= end && $0.at.timeIntervalSince1970 > end - week }
            guard !those.isEmpty else { return "·" }
            let share = Double(those.filter(isRight).count) / Double(those.count)
            return bars[Int((share * Double(bars.count - 1)).rounded())]
        })
    }

    /// "now", "in 10 min", "in 3 days", "2026-12-31".
    static func when(_ due: Double, now: Double) -> String {
        let seconds = due - now
        if seconds <= 0 { return "now" }
        if seconds < 60 * 86_400 { return "in " + QuizWait.phrase(seconds) }
        return LocalTime.day(Date(timeIntervalSince1970: due))
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
    }
}
