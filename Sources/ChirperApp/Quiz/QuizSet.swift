import ChirperCore
import FoundationEssentials
import LibraryModel
import XenoCanto

/// What a quiz asks about: a pack's recordings (offline, from its files), a list's, or a query's
/// first page (online), grouped into cards; and what the library remembers of each card.
struct QuizSet {
    /// "pack:trip", "list:starred", the query.
    let title: String
    let recordings: [QuizCardKey: [Recording]]
    let names: QuizNames

    /// Each species' family, from the taxonomy.
    var families: [String: String] {
        guard let taxonomy = names.resolver?.taxonomy else { return [:] }
        return Dictionary(names.species.compactMap { bird in
            taxonomy.species(scientific: bird.scientific).flatMap { $0.family.isEmpty ? nil : (bird.scientific, $0.family) }
        }) { first, _ in first }
    }

    init(title: String, recordings: [Recording]) {
        self.title = title
        var cards: [QuizCardKey: [Recording]] = [:]
        var species: [String: String?] = [:]
        for recording in recordings where recording.isPlayable {
            for key in QuizCardKey.keys(of: recording) {
                cards[key, default: []].append(recording)
                if species[key.species] == nil || species[key.species]! == nil { species[key.species] = recording.englishName }
            }
        }
        self.recordings = cards
        let resolver = TaxonomyFile.resolverSayingWhy
        names = QuizNames(Self.named(species, style: Configuration.current.nameStyle.value, resolver: resolver), resolver: resolver)
    }

    /// The set's species under the English name the config file's `names` asks for: xeno-canto's own
    /// (`ioc`, the recordings', else the taxonomy's AviList name), eBird's (`ebird`, from the taxonomy),
    /// or none (`scientific`).
    static func named(_ species: [String: String?], style: NameStyle, resolver: SpeciesResolver?) -> [QuizSpecies] {
        species.keys.sorted().map { scientific in
            let known = resolver?.taxonomy.species(scientific: scientific)
            let recorded = species[scientific] ?? nil
            switch style {
            case .scientific: return QuizSpecies(scientific: scientific, english: nil)
            case .ioc: return QuizSpecies(scientific: scientific, english: recorded ?? known?.english)
            case .ebird: return QuizSpecies(scientific: scientific, english: known.map { $0.name(in: .ebird) } ?? recorded)
            }
        }
    }

    /// Where the quiz's recordings come from.
    static func load(_ source: QuizSource, api: APIChoice, library: any LibraryStore, paths: LibraryPaths) async throws -> QuizSet {
        switch source {
        case .pack(let text):
            let name = try LibraryAccess.name(text)
            let folder = PackFolder(paths: paths, name: name)
            guard let listed = folder.listed() else {
                throw CommandFailure(message: "chirper: there is no pack \(name) (chirper pack list shows the packs).", exitCode: .noMatch)
            }
            let recordings = listed.objects.indices.compactMap { listed.recording($0).flatMap(folder.playable) }
            return QuizSet(title: "pack:\(name)", recordings: recordings)
        case .list(let text):
            let client = try ShelfClient.list(try LibraryAccess.name(text), library: library, paths: paths)
            return QuizSet(title: "list:\(text)", recordings: client.recordings(in: 0..<client.count))
        case .query(let words):
            let state = await ListState.firstPage(of: words, pages: PageChoice(perPage: PageSize.allowed.upperBound), client: NameReadingClient(try api.client(), resolver: { TaxonomyFile.resolverSayingWhy }))
            guard let listing = state.listing else {
                try SearchOutput(json: false, width: Terminal.tableWidth).finish(state)
                throw CommandFailure(exitCode: .noMatch)
            }
            return QuizSet(title: SearchQuery.joining(words), recordings: listing.rows.map(\.recording))
        case .due:
            return try due(library: library, paths: paths, at: Date().timeIntervalSince1970)
        }
    }

    /// Every card due now, whatever set it was learnt from, with the recordings the packs (offline) and
    /// the lists hold of it. Nothing due: says when the next card is, and the command ends (exit 0).
    static func due(library: any LibraryStore, paths: LibraryPaths, at now: Double) throws -> QuizSet {
        let states = QuizRecords.states(try LibraryAccess.run { () throws(LibraryError) in try library.quizCards() })
        let due = Set(states.filter { $0.value.card.due <= now }.keys)
        guard !due.isEmpty else {
            let next = states.values.map(\.card.due).min()
            StandardOutput.write([next.map { "Nothing is due now; the next card is due \(QuizStatsLines.when($0, now: now)) (chirper quiz --due lists them)." }
                                  ?? "No card yet: learn some first (chirper quiz --pack NAME, --list NAME or a query)."])
            throw CommandFailure(exitCode: .found)
        }
        var held: [Recording] = []
        for pack in try LibraryAccess.run({ () throws(LibraryError) in try library.packs() }) {
            let folder = PackFolder(paths: paths, name: pack.name)
            guard let listed = folder.listed() else { continue }
            held += listed.objects.indices.compactMap { listed.recording($0).flatMap(folder.playable) }
        }
        for list in try LibraryAccess.run({ () throws(LibraryError) in try library.lists() }) {
            held += try LibraryAccess.run { () throws(LibraryError) in try library.list(named: list.name) } ?? []
        }
        // Every recording held: the names a review offers and reads are all the species learnt.
        var seen: Set<String> = []
        return QuizSet(title: "due", recordings: held.filter { seen.insert($0.id).inserted })
    }
}

/// A quiz's recordings: `--pack`, `--list`, a query, or (none of them) the cards due.
public enum QuizSource: Sendable, Equatable {
    case pack(String)
    case list(String)
    case query([String])
    case due
}

/// The library's quiz records as the scheduler's values.
enum QuizRecords {
    static func states(_ records: [QuizCardRecord]) -> [QuizCardKey: QuizPlanner.CardState] {
        var states: [QuizCardKey: QuizPlanner.CardState] = [:]
        for record in records {
            // What the library holds is checked as it is read: a card that is not one is asked as new.
            guard let card = try? JSONDecoder().decode(FSRS.Card.self, from: Data(record.state.utf8)), isSound(card) else { continue }
            states[QuizCardKey(species: record.species, soundType: record.soundType)] = .init(card: card, lastRecording: record.lastRecording)
        }
        return states
    }

    /// Times within a few thousand years, steps and memory within their ranges.
    static func isSound(_ card: FSRS.Card) -> Bool {
        let times = [card.due] + (card.lastReview.map { [$0] } ?? [])
        guard times.allSatisfy({ $0.isFinite && abs($0) < 1e11 }) else { return false }
        switch card.phase {
        case .new: return true
        case .learning(let step, let memory), .relearning(let step, let memory):
            return (0...10).contains(step) && isSound(memory)
        case .review(let memory): return isSound(memory)
        }
    }

    static func isSound(_ memory: FSRS.Memory) -> Bool {
        memory.stability.isFinite && memory.stability > 0 && memory.stability < 1e6 && (1...10).contains(memory.difficulty)
    }

    static func record(_ key: QuizCardKey, card: FSRS.Card, lastRecording: String) -> QuizCardRecord {
        let state = (try? JSONEncoder().encode(card)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return QuizCardRecord(species: key.species, soundType: key.soundType, state: state, lastRecording: lastRecording)
    }

    static func confusions(_ answers: [QuizAnswerRecord]) -> [(heard: String, named: String)] {
        answers.compactMap { answer in answer.named.flatMap { $0 == answer.species ? nil : (answer.species, $0) } }
    }
}
