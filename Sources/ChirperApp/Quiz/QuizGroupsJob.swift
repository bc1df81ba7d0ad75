import ChirperCore
import DisplayText
import LibraryModel
import XenoCanto

/// `quiz --groups` lists the set's groups of sounds to tell apart; `quiz --group N` drills one: a session
/// whose questions, names and choices are only that group's.
extension QuizJob {
    public static func groups(_ source: QuizSource, api: APIChoice, paths: LibraryPaths = .standard()) async throws {
        let (set, groups) = try await grouped(source, api: api, paths: paths)
        guard !groups.groups.isEmpty else {
            StandardOutput.write(["\(set.title): no two of its species have been confused, share a genus or are heard together yet."])
            return
        }
        var lines = ["Groups of \(set.title) to tell apart (by your confusions, then genus, then family, then birds heard together):"]
        for (number, group) in groups.groups.enumerated() {
            lines.append("\(number + 1)  " + group.species.map(set.names.short).joined(separator: " · "))
            lines += group.reasons.map { "     " + $0 }
        }
        lines.append("Drill one: chirper quiz --group 1 " + source.arguments.map(ShellWord.escaped).joined(separator: " "))
        StandardOutput.write(lines.map { Displayable.line($0) })
    }

    /// The set narrowed to its group `number` (from 1), titled so.
    static func group(_ number: Int, of set: QuizSet, source: QuizSource, library: any LibraryStore) throws -> QuizSet {
        let groups = try groups(of: set, library: library).groups
        guard groups.indices.contains(number - 1) else {
            let some = groups.isEmpty ? "no groups yet" : "groups 1 to \(groups.count)"
            throw CommandFailure(message: "chirper: \(set.title) has \(some) (chirper quiz --groups \(source.arguments.map(ShellWord.escaped).joined(separator: " ")) lists them).",
                                 exitCode: .noMatch)
        }
        let members = Set(groups[number - 1].species)
        var seen: Set<String> = []
        let recordings = set.recordings.filter { members.contains($0.key.species) }.values.joined().filter { seen.insert($0.id).inserted }
        return QuizSet(title: set.title + " · group \(number)", recordings: recordings.sorted { $0.id < $1.id })
    }

    private static func grouped(_ source: QuizSource, api: APIChoice, paths: LibraryPaths) async throws -> (QuizSet, QuizGroups) {
        let library = try LibraryAccess.open(paths)
        let set = try await QuizSet.load(source, api: api, library: library, paths: paths)
        return (set, try groups(of: set, library: library))
    }

    /// The set's groups, from the confusions the library holds.
    private static func groups(of set: QuizSet, library: any LibraryStore) throws -> QuizGroups {
        let answers = try LibraryAccess.run { () throws(LibraryError) in try library.quizAnswers(limit: 10_000) }
        return QuizGroups(recordings: set.recordings, confusions: QuizRecords.confusions(answers), families: set.families)
    }
}

extension QuizSource {
    /// The command line's words that name this source again.
    var arguments: [String] {
        switch self {
        case .pack(let name): ["--pack", name]
        case .list(let name): ["--list", name]
        case .query(let words): words
        case .due: []
        }
    }
}
