import Audio
import ChirperCore
import DisplayText
import FoundationEssentials
import LibraryModel
import XenoCanto

/// `pack list | show | rm | export | import`: the packs the library holds.
public enum PackJob {
    public static func list(paths: LibraryPaths = .standard()) throws {
        let library = try LibraryAccess.open(paths)
        let packs = try LibraryAccess.run { () throws(LibraryError) in try library.packs() }
        guard !packs.isEmpty else {
            StandardOutput.write(["No packs yet: chirper pack build NAME --species FILE (or --query QUERY) makes one."])
            return
        }
        for pack in packs {
            StandardOutput.write([Displayable.line("\(pack.name)  \(pack.recordings) recordings of \(pack.species) species  built \(LocalTime.minute(pack.built))  from \(pack.source)")])
        }
    }

    public static func show(_ name: String, paths: LibraryPaths = .standard()) throws {
        let (pack, folder) = try stored(name, paths: paths)
        StandardOutput.write([Displayable.line("Pack \(pack.name): \(pack.members.count) recordings, built \(LocalTime.minute(pack.built)) from \(pack.source)"),
                              Displayable.line("Files: \(folder.url.path)")])
        let names = ShownNames.configured
        for member in pack.members {
            let r = names.shown(member.recording)
            let fields = ["XC\(r.id)", r.englishName ?? "", r.scientificName, r.soundType ?? "", r.quality.map { "q \($0)" } ?? "",
                          r.length ?? "", LicenceName.short(r.licence) ?? ""]
            StandardOutput.write([Displayable.line(fields.filter { !$0.isEmpty }.joined(separator: "  "))])
        }
    }

    /// Takes the pack out of the library and deletes the files Chirper made for it; a folder Chirper
    /// did not make (a link, a folder with no mark) and files it did not make are left, and said so.
    public static func remove(_ name: String, paths: LibraryPaths = .standard()) throws {
        let packName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        // Not while a build of the name runs; a build stopped half way goes with the pack.
        let build = try PackBuildFolder(paths: paths, name: packName, checkingDestination: false)
        build.removeBuilding()
        let folder = build.destination
        let owner = folder.owner
        let hadRow = try LibraryAccess.run({ () throws(LibraryError) in try library.removePack(named: packName) })
        if !hadRow, owner == .nothing {
            throw CommandFailure(message: "chirper: there is no pack \(packName).", exitCode: .noMatch)
        }
        if !hadRow, case .other(let why) = owner {
            throw CommandFailure(message: "chirper: there is no pack \(packName) (\(why): left as it is).", exitCode: .noMatch)
        }
        switch owner {
        case .nothing:
            StandardOutput.write(["Removed the pack \(packName)."])
        case .other(let why):
            StandardOutput.write([Displayable.line("Removed the pack \(packName) from the library; \(why), so it is left as it is.")])
        case .chirper:
            let left = folder.removeWhatChirperMade()
            if left.isEmpty {
                StandardOutput.write(["Removed the pack \(packName) and its files."])
            } else {
                StandardOutput.write([Displayable.line("Removed the pack \(packName) and the files Chirper made; \(folder.url.path) is left with "
                    + "what Chirper did not make: " + left.joined(separator: ", "))])
            }
        }
    }

    public enum ExportFormat: Sendable {
        /// A playlist of the pack's files, for mpv and cmus.
        case m3u
        /// `pack.json`, to build the pack elsewhere: every recording, as XC numbers and what the API said
        /// (no sound: each importer fetches the files from xeno-canto itself).
        case json
    }

    /// Writes the export on standard output.
    public static func export(_ name: String, as format: ExportFormat, paths: LibraryPaths = .standard()) throws {
        let (pack, folder) = try stored(name, paths: paths)
        switch format {
        case .m3u:
            let entries = pack.members.compactMap { member in
                member.file.map { PackDocuments.Entry(recording: member.recording, path: folder.url.appendingPathComponent($0).path, fetched: "") }
            }
            StandardOutput.raw(PackDocuments.m3u(entries: entries))
        case .json:
            StandardOutput.raw(PackDocument.text(name: pack.name.text, source: pack.source, built: pack.built, recordings: pack.members.map(\.recording)))
        }
    }

    /// `pack export NAME --anki FILE`: the pack as an Anki package.
    public static func exportAnki(_ name: String, to path: String, share: Bool, paths: LibraryPaths = .standard()) async throws {
        let (pack, folder) = try stored(name, paths: paths)
        StandardOutput.write(try await AnkiExport.write(folder, name: pack.name.text, to: path, share: share, now: Date().timeIntervalSince1970))
    }

    /// `pack import FILE`: the pack a `pack.json` describes, its files fetched (no API request).
    public static func importPack(from path: String, name: String?, api: APIChoice, replace: Bool = false,
                                  paths: LibraryPaths = .standard()) async throws {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.packLimit) } catch {
            throw CommandFailure(message: "chirper: \(error).", exitCode: .usage)
        }
        guard let document = PackDocument.read(bytes) else {
            throw CommandFailure(message: "chirper: \(path) is not a pack file (chirper pack export NAME --json writes one).", exitCode: .usage)
        }
        // Each file is asked for where the API serves it, from its checked XC number: a shared pack.json
        // does not choose the hosts Chirper talks to.
        let settings = try api.client().settings
        let chosen = document.recordings.filter(\.isPlayable).compactMap { recording -> Recording? in
            guard let url = settings.expectedFileURL(ofRecording: recording.id) else { return nil }
            var asked = recording
            asked.fileURL = url
            return asked
        }
        let packName = try LibraryAccess.name(name ?? document.name)
        let library = try LibraryAccess.open(paths)
        let folder = try PackBuildFolder(paths: paths, name: packName)
        try PackBuildJob.refuseReplacing(folder, library: library, unless: replace)
        try await PackBuildJob.build(folder, source: "import \(path)", chosen: chosen, library: library)
    }

    private static func stored(_ name: String, paths: LibraryPaths) throws -> (StoredPack, PackFolder) {
        let packName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        guard let pack = try LibraryAccess.run({ () throws(LibraryError) in try library.pack(named: packName) }) else {
            throw CommandFailure(message: "chirper: there is no pack \(packName) (chirper pack list shows the packs).", exitCode: .noMatch)
        }
        return (pack, PackFolder(paths: paths, name: packName))
    }
}
