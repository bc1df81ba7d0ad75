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
        for member in pack.members {
            let r = member.recording
            let fields = ["XC\(r.id)", r.englishName ?? "", r.scientificName, r.soundType ?? "", r.quality.map { "q \($0)" } ?? "",
                          r.length ?? "", LicenceName.short(r.licence) ?? ""]
            StandardOutput.write([Displayable.line(fields.filter { !$0.isEmpty }.joined(separator: "  "))])
        }
    }

    public static func remove(_ name: String, paths: LibraryPaths = .standard()) throws {
        let packName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        let folder = paths.folder(ofPack: packName)
        let hadRow = try LibraryAccess.run({ () throws(LibraryError) in try library.removePack(named: packName) })
        let hadFolder = FileManager.default.fileExists(atPath: folder.path)
        guard hadRow || hadFolder else {
            throw CommandFailure(message: "chirper: there is no pack \(packName).", exitCode: .noMatch)
        }
        if hadFolder {
            do { try FileManager.default.removeItem(at: folder) } catch {
                throw CommandFailure(message: "chirper: the pack \(packName) is out of the library, but its folder \(folder.path) "
                    + "could not be removed: \(FileProblem.describe(error))", exitCode: .library)
            }
        }
        StandardOutput.write(["Removed the pack \(packName) and its files."])
    }

    public enum ExportFormat: Sendable {
        /// A playlist of the pack's files, for mpv and cmus.
        case m3u
        /// `pack.json`, to build the pack elsewhere; recordings whose licence limits sharing are left
        /// out unless `allLicences`.
        case json(allLicences: Bool)
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
        case .json(let allLicences):
            var recordings = pack.members.map(\.recording)
            let limited = recordings.filter(PackDocuments.limitsSharing)
            if !allLicences && !limited.isEmpty {
                recordings.removeAll(where: PackDocuments.limitsSharing)
                StandardError.write("chirper: left out \(limited.count) recording\(limited.count == 1 ? "" : "s") whose licence forbids "
                    + "sharing or adapting (NC, ND): " + limited.map { "XC\($0.id)" }.joined(separator: " ")
                    + ". Add --all-licences to keep them (to share only as their licences allow).")
            }
            StandardOutput.raw(PackDocument.text(name: pack.name.text, source: pack.source, built: pack.built, recordings: recordings))
        }
    }

    /// `pack import FILE`: the pack a `pack.json` describes, its files fetched (no API request).
    public static func importPack(from path: String, name: String?, api: APIChoice, paths: LibraryPaths = .standard()) async throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "chirper: cannot read \(path).", exitCode: .usage)
        }
        guard let document = PackDocument.read([UInt8](data)) else {
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
        try await PackBuildJob.build(name: name ?? document.name, source: "import \(path)", chosen: chosen, paths: paths)
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
