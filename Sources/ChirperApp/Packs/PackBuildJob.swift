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
    public static func run(name: String, source: PackSource, criteria: PackCriteria, api: APIChoice, replace: Bool = false,
                           region: BirdArea? = nil, paths: LibraryPaths = .standard()) async throws {
        let packName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        let folder = try PackBuildFolder(paths: paths, name: packName)
        try refuseReplacing(folder, library: library, unless: replace)
        let sourceText = source.text + " " + criteria.text
        let progress = PackProgress()
        var chosen: [Recording]
        var leftOut: [PackLookup.Unmatched] = []
        if let earlier = folder.pendingChoice(for: sourceText) {
            chosen = earlier.recordings
            leftOut = earlier.leftOut
            report(leftOut: leftOut)
        } else {
            let found = try await lookUp(source, library: library, criteria: criteria, api: api, region: region, progress: progress)
            chosen = found.chosen
            leftOut = found.unmatched
            report(found)
            guard !chosen.isEmpty else {
                throw CommandFailure(message: "chirper: nothing to put in the pack \(packName): no playable recording met the criteria.",
                                     exitCode: .noMatch)
            }
            try folder.keepPendingChoice(chosen, leftOut: leftOut, source: sourceText)
        }
        try await build(folder, source: sourceText, chosen: chosen, library: library)
        guard leftOut.isEmpty else {
            StandardOutput.write([Displayable.line("Left out (✗ above): " + leftOut.map(\.name).joined(separator: ", "))])
            throw CommandFailure(message: "chirper: the pack \(packName) is not the whole list: \(leftOut.count) name"
                + "\(leftOut.count == 1 ? " was" : "s were") left out (" + leftOut.map(\.name).joined(separator: ", ")
                + "). Correct the list and build again with --replace.", exitCode: .network)
        }
    }

    /// A pack of the name, in the library or as a folder, is replaced only when asked (`--replace`).
    static func refuseReplacing(_ folder: PackBuildFolder, library: any LibraryStore, unless replace: Bool) throws {
        guard !replace else { return }
        let name = folder.name
        let recordings = try LibraryAccess.run({ () throws(LibraryError) in try library.pack(named: name) })?.members.count
            ?? folder.destination.listed()?.objects.count
        guard let recordings else { return }
        throw CommandFailure(message: "chirper: there is a pack \(name) already (\(recordings) recording"
            + "\(recordings == 1 ? "" : "s")); add --replace to replace it, or give another name.", exitCode: .usage)
    }

    /// Fetches what `chosen` needs into the building folder and, once every file is whole, keeps the
    /// pack and swaps its folder in.
    static func build(_ folder: PackBuildFolder, source: String, chosen: [Recording], library: any LibraryStore) async throws {
        let packName = folder.name
        guard !chosen.isEmpty else {
            throw CommandFailure(message: "chirper: nothing to put in the pack \(packName): no playable recording. "
                + "An earlier pack of the name is left as it was.", exitCode: .noMatch)
        }
        try folder.make()
        let progress = PackProgress()
        let members = try await fetch(chosen, into: folder, progress: progress)
        let pack = StoredPack(name: packName, source: source, built: Date(), members: members)
        // The library's row first: a pack is the library's once its row is saved, and its folder follows.
        try LibraryAccess.run { () throws(LibraryError) in try library.save(pack) }
        let left = try folder.finish(pack)
        let destination = folder.destination
        let species = Set(chosen.map(PackSelection.speciesKey)).count
        let bytes = members.compactMap(\.file).compactMap { FileNames.sizeOfFile(atPath: destination.url.appendingPathComponent($0).path) }.reduce(0, +)
        StandardOutput.write([Displayable.line("Pack \(packName): \(members.count) recording\(members.count == 1 ? "" : "s") of \(species) species "
            + "(\(ByteCount.text(bytes))) in \(destination.url.path).")])
        if let left {
            StandardError.write(Displayable.line("chirper: the old pack's folder held files Chirper did not make, kept in \(left.keptIn.path): "
                + left.left.joined(separator: ", ")))
        }
    }

    struct Looked {
        var chosen: [Recording] = []
        var restricted: [Recording] = []
        var unmatched: [PackLookup.Unmatched] = []
        var readings: [String] = []
    }

    private static func lookUp(_ source: PackSource, library: any LibraryStore, criteria: PackCriteria, api: APIChoice,
                               region: BirdArea?, progress: PackProgress) async throws -> Looked {
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
            let names = try SpeciesListFile.names(in: path)
            var client = try api.client()
            client.keepsSentJSON = true
            let lookup = PackLookup(client: client, progress: progress)
            let resolver = TaxonomyFile.resolverSayingWhy
            do {
                let found = try await lookup.recordings(ofNames: names, resolver: resolver, area: region,
                                                        style: Configuration.current.nameStyle.value)
                groups = found.species
                looked.unmatched = found.unmatched
                looked.readings = found.readings
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

    private static func report(_ looked: Looked) {
        for reading in looked.readings {
            StandardOutput.write([Displayable.line("· " + reading)])
        }
        for recording in looked.restricted {
            StandardOutput.write([Displayable.line("⊘ XC\(recording.id) \(recording.scientificName): restricted, listed only (no file is asked for).")])
        }
        report(leftOut: looked.unmatched)
    }

    /// "✗ Robin: more than one bird: …", a line a name.
    private static func report(leftOut: [PackLookup.Unmatched]) {
        for unmatched in leftOut {
            StandardOutput.write([Displayable.line("✗ \(unmatched.name): \(unmatched.reason)")])
        }
    }

    /// Each chosen recording's file, fetched when the building folder does not hold it whole already
    /// and the old pack has no copy of Chirper's making.
    private static func fetch(_ chosen: [Recording], into folder: PackBuildFolder, progress: PackProgress) async throws -> [PackedRecording] {
        var members: [PackedRecording] = [], failed: [String] = []
        let started = ContinuousClock.now
        var fetchedCount = 0
        // Files the building folder holds already, or the old pack's, are put in place first.
        let missing = chosen.filter { !folder.reuse($0) }.count
        for (index, recording) in chosen.enumerated() {
            guard let url = recording.audioURL, let target = folder.target(for: recording) else { continue }
            if !folder.building.holds(recording) {
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
                + "fetched are kept in \(folder.building.url.path). Run the same command again to fetch only the rest; "
                + "until then an earlier pack of the name is left as it was.", exitCode: .network)
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
