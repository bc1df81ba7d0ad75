import Audio
import ChirperCore
import DisplayText
import FoundationEssentials
import LibraryModel
import XenoCanto

/// `pack build`: a species' cleanest recordings fetched into a pack's folder and kept in the library.
/// The API is asked once a species (within the budget); the choice is kept in the folder until the pack
/// is whole, so a build stopped and run again asks only for the files still missing. The library's row
/// and the documents are written only when every file is whole: until then an earlier pack of the name
/// stays as it was.
public enum PackBuildJob {
    public static func run(name: String, source: PackSource, criteria: PackCriteria, api: APIChoice,
                           paths: LibraryPaths = .standard()) async throws {
        let packName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        let folder = PackFolder(paths: paths, name: packName)
        let sourceText = source.text + " " + criteria.text
        let progress = PackProgress()
        var chosen: [Recording]
        if let earlier = folder.pendingChoice(for: sourceText) {
            chosen = earlier
        } else {
            let found = try await lookUp(source, library: library, criteria: criteria, api: api, progress: progress)
            chosen = found.chosen
            try report(found)
            guard !chosen.isEmpty else {
                throw CommandFailure(message: "chirper: nothing to put in the pack \(packName): no playable recording met the criteria.",
                                     exitCode: .noMatch)
            }
            try folder.make()
            try folder.keepPendingChoice(chosen, source: sourceText)
        }
        try await build(name: name, source: sourceText, chosen: chosen, paths: paths, library: library)
    }

    /// Fetches what `chosen` needs into the pack's folder and, once every file is whole, keeps the pack.
    static func build(name: String, source: String, chosen: [Recording], paths: LibraryPaths,
                      library given: (any LibraryStore)? = nil) async throws {
        let packName = try LibraryAccess.name(name)
        guard !chosen.isEmpty else {
            throw CommandFailure(message: "chirper: nothing to put in the pack \(packName): no playable recording. "
                + "An earlier pack of the name is left as it was.", exitCode: .noMatch)
        }
        let library = try given ?? LibraryAccess.open(paths)
        let folder = PackFolder(paths: paths, name: packName)
        let progress = PackProgress()
        let members = try await fetch(chosen, into: folder, progress: progress)
        let pack = StoredPack(name: packName, source: source, built: Date(), members: members)
        // The library's row first: a pack is the library's once its row is saved, and its documents follow.
        try LibraryAccess.run { () throws(LibraryError) in try library.save(pack) }
        try folder.writeDocuments(of: pack)
        folder.removeFiles(except: Set(members.compactMap(\.file)))
        folder.forgetPendingChoice()
        let species = Set(chosen.map(PackSelection.speciesKey)).count
        let bytes = members.compactMap(\.file).compactMap { FileNames.sizeOfFile(atPath: folder.url.appendingPathComponent($0).path) }.reduce(0, +)
        StandardOutput.write([Displayable.line("Pack \(packName): \(members.count) recording\(members.count == 1 ? "" : "s") of \(species) species "
            + "(\(ByteCount.text(bytes))) in \(folder.url.path).")])
    }

    struct Looked {
        var chosen: [Recording] = []
        var restricted: [Recording] = []
        var unmatched: [PackLookup.Unmatched] = []
    }

    private static func lookUp(_ source: PackSource, library: any LibraryStore, criteria: PackCriteria, api: APIChoice,
                               progress: PackProgress) async throws -> Looked {
        var looked = Looked()
        var groups: [[Recording]]
        switch source {
        case .list(let listName):
            let name = try LibraryAccess.name(listName)
            guard let recordings = try LibraryAccess.run({ () throws(LibraryError) in try library.list(named: name) }) else {
                throw CommandFailure(message: "chirper: there is no list \(name) (chirper list shows the lists).", exitCode: .noMatch)
            }
            looked.chosen = recordings.filter(\.isPlayable)
            looked.restricted = recordings.filter { !$0.isPlayable }
            return looked
        case .query(let query):
            var client = try api.client()
            client.keepsSentJSON = true
            let lookup = PackLookup(client: client, progress: progress)
            do { groups = try await lookup.recordings(ofQuery: query).species } catch { progress.clear(); throw error.failure }
        case .species(let path):
            let names = try speciesNames(in: path)
            var client = try api.client()
            client.keepsSentJSON = true
            let lookup = PackLookup(client: client, progress: progress)
            do {
                let found = try await lookup.recordings(ofNames: names)
                groups = found.species
                looked.unmatched = found.unmatched
            } catch {
                progress.clear()
                throw error.failure
            }
        }
        progress.clear()
        var species = Set<String>()
        // A species named twice (by its English and its scientific name) is one species of the pack.
        for recordings in groups where species.insert(recordings.first.map(PackSelection.speciesKey) ?? "").inserted {
            let choice = PackSelection.choose(from: recordings, criteria: criteria)
            looked.chosen += choice.chosen
            looked.restricted += choice.restricted
        }
        return looked
    }

    private static func speciesNames(in path: String) throws -> [SpeciesList.Name] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "chirper: cannot read the species file \(path).", exitCode: .usage)
        }
        let names = SpeciesList.names(in: String(decoding: data, as: UTF8.self))
        guard !names.isEmpty else {
            throw CommandFailure(message: "chirper: \(path) names no species: give one name a line, or eBird's CSV.", exitCode: .usage)
        }
        return names
    }

    private static func report(_ looked: Looked) throws {
        for recording in looked.restricted {
            StandardOutput.write([Displayable.line("⊘ XC\(recording.id) \(recording.scientificName): restricted, listed only (no file is asked for).")])
        }
        for unmatched in looked.unmatched {
            StandardOutput.write([Displayable.line("✗ \(unmatched.name): no recordings by that name" + (unmatched.closest.map { "; did you mean \($0)?" } ?? "."))])
        }
    }

    /// Each chosen recording's file, fetched when the folder does not hold it whole already.
    private static func fetch(_ chosen: [Recording], into folder: PackFolder, progress: PackProgress) async throws -> [PackedRecording] {
        try folder.make()
        var members: [PackedRecording] = [], failed: [String] = []
        let started = ContinuousClock.now
        var fetchedCount = 0
        let missing = chosen.filter { !folder.holds($0) }.count
        for (index, recording) in chosen.enumerated() {
            guard let target = folder.file(of: recording), let url = recording.audioURL else { continue }
            if !folder.holds(recording) {
                let elapsed = Double((ContinuousClock.now - started).components.seconds)
                let left = fetchedCount > 0 ? elapsed / Double(fetchedCount) * Double(missing - fetchedCount) : Double(missing) * PackProgress.secondsPerRequest
                do {
                    _ = try await RecordingDownload.save(url, to: target) { written, total in
                        progress.fetching(index + 1, of: chosen.count, name: "XC\(recording.id) \(recording.englishName ?? recording.scientificName)",
                                          written: written, total: total, secondsLeft: left)
                    }
                    fetchedCount += 1
                } catch {
                    progress.clear()
                    failed.append("✗ XC\(recording.id): \(error)")
                    continue
                }
            }
            members.append(PackedRecording(recording: recording, file: target.lastPathComponent, fetched: Date()))
        }
        progress.clear()
        guard failed.isEmpty else {
            for line in failed { StandardError.write(line) }
            throw CommandFailure(message: "chirper: \(failed.count) of \(chosen.count) files could not be fetched; the \(members.count) "
                + "fetched are kept in \(folder.url.path). Run the same command again to fetch only the rest.", exitCode: .network)
        }
        return members
    }
}

extension PackCriteria {
    /// The criteria as a pack remembers them, so a build run again with others is another build.
    var text: String {
        "--per-species \(perSpecies)" + (types.isEmpty ? "" : " --type \(types.joined(separator: ","))") + " --max-length \(Int(maxSeconds))"
    }
}
