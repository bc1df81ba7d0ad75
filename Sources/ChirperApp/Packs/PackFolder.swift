import Audio
import ChirperCore
import FoundationEssentials
import LibraryModel
import XenoCanto

/// A pack's folder: its recordings' files, `pack.json`, `CREDITS.md`, and while a build is under way
/// the recordings it chose (`.pending.json`), so a build run again asks the API nothing it was told.
/// Every text file is written whole under a temporary name and renamed into place.
struct PackFolder {
    let url: URL
    let name: PackName

    init(paths: LibraryPaths, name: PackName) {
        url = paths.folder(ofPack: name)
        self.name = name
    }

    /// Where recording `id`'s file is kept (nil when no usable name can be made of it).
    func file(of recording: Recording) -> URL? { FileNames.file(named: Self.fileName(of: recording), in: url) }

    static func fileName(of recording: Recording) -> String { "XC\(recording.id).mp3" }

    /// Whether the recording's file is here whole (a build keeps only whole files under their names).
    func holds(_ recording: Recording) -> Bool {
        guard let file = file(of: recording) else { return false }
        return (FileNames.sizeOfFile(atPath: file.path) ?? 0) > 0
    }

    /// The recording with its file here as a `file://` URL; nil when the folder does not hold it whole.
    func playable(_ recording: Recording) -> Recording? { holds(recording) ? located(recording) : nil }

    /// The recording with its file here as a `file://` URL (whether or not the file is there: a missing
    /// one fails when played, and says so).
    func located(_ recording: Recording) -> Recording {
        var local = recording
        local.fileURL = file(of: recording).map { "file://" + $0.path }
        return local
    }

    /// What `pack.json` says, its recordings read when asked for; nil when there is none (no pack, or
    /// one not yet whole) or it cannot be read.
    func listed() -> PackDocument.Listed? {
        guard let data = FileManager.default.contents(atPath: url.appendingPathComponent("pack.json").path) else { return nil }
        return PackDocument.list([UInt8](data))
    }

    func make() throws(CommandFailure) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "chirper: cannot make \(url.path): \(FileProblem.describe(error))", exitCode: .library)
        }
    }

    // MARK: The build's choice, kept between runs

    var pending: URL { url.appendingPathComponent(".pending.json") }

    /// The recordings an earlier run of the same build chose; nil when there was none or it was another build.
    func pendingChoice(for source: String) -> [Recording]? {
        guard let data = try? Data(contentsOf: pending), let document = PackDocument.read([UInt8](data)),
              document.source == source else { return nil }
        return document.recordings
    }

    func keepPendingChoice(_ recordings: [Recording], source: String) throws(CommandFailure) {
        try write(PackDocument.text(name: name.text, source: source, built: nil, recordings: recordings), to: pending)
    }

    func forgetPendingChoice() { try? FileManager.default.removeItem(at: pending) }

    // MARK: The documents

    func writeDocuments(of pack: StoredPack) throws(CommandFailure) {
        let recordings = pack.members.map(\.recording)
        try write(PackDocument.text(name: name.text, source: pack.source, built: pack.built, recordings: recordings),
                  to: url.appendingPathComponent("pack.json"))
        let entries = pack.members.map { member in
            PackDocuments.Entry(recording: member.recording, path: member.file ?? "", fetched: LocalTime.day(member.fetched))
        }
        try write(PackDocuments.credits(pack: name.text, entries: entries), to: url.appendingPathComponent("CREDITS.md"))
    }

    /// Takes away the files of recordings the pack no longer holds (a rebuild chose others).
    func removeFiles(except kept: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names where name.hasPrefix("XC") && name.hasSuffix(".mp3") && !kept.contains(name) {
            try? FileManager.default.removeItem(at: url.appendingPathComponent(name))
        }
    }

    func write(_ text: String, to file: URL) throws(CommandFailure) {
        if let refusal = FileNames.refusal(toWrite: file.path) {
            throw CommandFailure(message: "chirper: \(refusal)", exitCode: .library)
        }
        do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
            throw CommandFailure(message: "chirper: cannot write \(file.path): \(FileProblem.describe(error))", exitCode: .library)
        }
    }
}
