import FoundationEssentials
import XenoCanto

/// What the app asks of the library. The real one is `SQLiteLibrary`; tests of logic may give another.
public protocol LibraryStore: Sendable {
    // Packs
    func packs() throws(LibraryError) -> [PackSummary]
    func pack(named name: PackName) throws(LibraryError) -> StoredPack?
    /// Saves `pack` whole in one transaction, replacing one of the same name: never half of it.
    func save(_ pack: StoredPack) throws(LibraryError)
    /// False when there was no such pack.
    func removePack(named name: PackName) throws(LibraryError) -> Bool
    /// The recording `id` with its file, from the pack that fetched it last; nil when no pack holds its file.
    func packedRecording(id: String) throws(LibraryError) -> PackedFile?

    /// The recordings the library holds (from a pack, a list or a play) of these XC numbers.
    func recordings(ids: [String]) throws(LibraryError) -> [Recording]

    // Lists
    func lists() throws(LibraryError) -> [ListSummary]
    func list(named name: PackName) throws(LibraryError) -> [Recording]?
    /// Adds `recording` to list `name` (made when new); false when it was there already.
    func add(_ recording: Recording, toList name: PackName) throws(LibraryError) -> Bool
    /// Takes the XC numbers `ids` off list `name`; how many were there.
    func remove(ids: [String], fromList name: PackName) throws(LibraryError) -> Int
    /// The XC numbers on list `name`.
    func members(ofList name: PackName) throws(LibraryError) -> Set<String>

    // The quiz
    /// Every card's state as the quiz last left it.
    func quizCards() throws(LibraryError) -> [QuizCardRecord]
    /// An answer and the card's state after it, in one transaction.
    func save(answer: QuizAnswerRecord, card: QuizCardRecord) throws(LibraryError)
    /// The answers, newest first.
    func quizAnswers(limit: Int) throws(LibraryError) -> [QuizAnswerRecord]

    // History
    func remember(search query: String) throws(LibraryError)
    /// The searches, newest first, each once.
    func searches(limit: Int) throws(LibraryError) -> [String]
    func remember(play recording: Recording) throws(LibraryError)
    /// Remembers each of `recordings` played, in one change.
    func remember(plays recordings: [Recording]) throws(LibraryError)
    /// The plays, newest first.
    func plays(limit: Int) throws(LibraryError) -> [PlayedRecording]
    func clearHistory() throws(LibraryError)

    /// Every species of the recordings the library holds, by scientific name, each once.
    func species() throws(LibraryError) -> [KnownSpecies]

    // Marks
    /// The marks on `subject` (a recording's `XC` number or a local file's path), by start time.
    func marks(on subject: MarkSubject) throws(LibraryError) -> [StoredMark]
    /// Keeps `regions` on `subject` in one transaction; their numbers, in order.
    func add(marks regions: [MarkedRegion], on subject: MarkSubject) throws(LibraryError) -> [Int64]
    /// Replaces mark `id`'s region; false when there is no such mark.
    func change(mark id: Int64, to region: MarkedRegion) throws(LibraryError) -> Bool
    /// False when there was no such mark.
    func removeMark(id: Int64) throws(LibraryError) -> Bool
    /// Every file that marks are kept on, by its path.
    func markedFiles() throws(LibraryError) -> [String]
    /// Puts every mark on `from` on `to` (a file that moved); how many there were.
    func moveMarks(from: MarkSubject, to: MarkSubject) throws(LibraryError) -> Int
}

extension LibraryStore {
    public func remember(plays recordings: [Recording]) throws(LibraryError) {
        for recording in recordings { try remember(play: recording) }
    }
}

/// A species the library holds a recording of: what completion offers.
public struct KnownSpecies: Sendable, Equatable {
    public var english: String?
    public var scientific: String

    public init(english: String?, scientific: String) {
        self.english = english
        self.scientific = scientific
    }
}

/// One recording of a pack: its metadata as the API sent it, and its file in the pack's folder (nil for
/// a restricted recording, listed but never fetched).
public struct PackedRecording: Sendable, Equatable {
    public var recording: Recording
    /// The file's name inside the pack's folder.
    public var file: String?
    public var fetched: Date

    public init(recording: Recording, file: String?, fetched: Date) {
        self.recording = recording
        self.file = file
        self.fetched = fetched
    }
}

/// A pack as the library keeps it: what it was built from, when, and its recordings in order.
public struct StoredPack: Sendable, Equatable {
    public var name: PackName
    /// What it was built from, as typed (`--query …`, `--species trip.txt`, `import pack.json`).
    public var source: String
    public var built: Date
    public var members: [PackedRecording]

    public init(name: PackName, source: String, built: Date, members: [PackedRecording]) {
        self.name = name
        self.source = source
        self.built = built
        self.members = members
    }
}

/// A quiz card (a species and a sound type) as the library keeps it: its scheduler state as the quiz
/// writes it (JSON), and the recording heard last.
public struct QuizCardRecord: Sendable, Equatable {
    public var species: String
    public var soundType: String
    public var state: String
    public var lastRecording: String?

    public init(species: String, soundType: String, state: String, lastRecording: String?) {
        self.species = species
        self.soundType = soundType
        self.state = state
        self.lastRecording = lastRecording
    }
}

/// One answer of the quiz: what was heard, what was named (nil: none), the rating it gave the card.
public struct QuizAnswerRecord: Sendable, Equatable {
    public var species: String
    public var soundType: String
    public var recording: String
    public var named: String?
    public var rating: Int
    public var hinted: Bool
    public var at: Date

    public init(species: String, soundType: String, recording: String, named: String?, rating: Int, hinted: Bool, at: Date) {
        self.species = species
        self.soundType = soundType
        self.recording = recording
        self.named = named
        self.rating = rating
        self.hinted = hinted
        self.at = at
    }
}

public struct PackSummary: Sendable, Equatable {
    public init(name: PackName, source: String, built: Date, recordings: Int, species: Int) {
        self.name = name
        self.source = source
        self.built = built
        self.recordings = recordings
        self.species = species
    }

    public var name: PackName
    public var source: String
    public var built: Date
    public var recordings: Int
    public var species: Int
}

public struct ListSummary: Sendable, Equatable {
    public init(name: PackName, recordings: Int) {
        self.name = name
        self.recordings = recordings
    }

    public var name: PackName
    public var recordings: Int
}

public struct PlayedRecording: Sendable, Equatable {
    public init(recording: Recording, at: Date) {
        self.recording = recording
        self.at = at
    }

    public var recording: Recording
    public var at: Date
}

/// The pack that holds a recording's file, and its entry there.
public struct PackedFile: Sendable, Equatable {
    public var pack: PackName
    public var member: PackedRecording

    public init(pack: PackName, member: PackedRecording) {
        self.pack = pack
        self.member = member
    }
}
