import Audio
import ChirperCore
import DisplayText
import FoundationEssentials
import Glibc
import LibraryModel
import XenoCanto

/// A pack's folder: its recordings' files, `pack.json`, `CREDITS.md` and the mark that says Chirper made
/// it (`.chirper-pack`, which names every file Chirper wrote there). Chirper deletes only what the mark
/// names, and never writes or deletes through a link: a folder it did not make is left as it is.
struct PackFolder {
    let url: URL
    let name: PackName

    init(paths: LibraryPaths, name: PackName) {
        self.init(url: paths.folder(ofPack: name), name: name)
    }

    init(url: URL, name: PackName) {
        self.url = url
        self.name = name
    }

    static let markName = ".chirper-pack"
    static let documents = ["pack.json", "CREDITS.md"]

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
        guard let bytes = try? BoundedFile.read(url.appendingPathComponent("pack.json").path, limit: BoundedFile.packLimit) else { return nil }
        return PackDocument.list(bytes)
    }

    // MARK: Whose folder it is

    /// What is at the folder's place.
    enum Owner: Equatable {
        case nothing
        /// A folder Chirper made; the names of the files it wrote there.
        case chirper(made: Set<String>)
        /// Something Chirper did not make, and why it is not Chirper's.
        case other(String)
    }

    var owner: Owner {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .nothing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return .other("\(url.path) is a symbolic link, not a folder Chirper made")
        default: return .other("\(url.path) is not a folder")
        }
        if let mark = try? BoundedFile.read(url.appendingPathComponent(Self.markName).path, limit: BoundedFile.packLimit) {
            return .chirper(made: Set(String(decoding: mark, as: UTF8.self).split(separator: "\n").map(String.init)
                .filter(Self.isEntryName)).union([Self.markName]))
        }
        // A folder of a Chirper from before folders were marked: its pack.json (or, for a build that was
        // stopped, its .pending.json) names what the build wrote.
        for document in ["pack.json", ".pending.json"] {
            guard let bytes = try? BoundedFile.read(url.appendingPathComponent(document).path, limit: BoundedFile.packLimit),
                  let listed = PackDocument.list(bytes), listed.name == name.text else { continue }
            let files = listed.objects.indices.compactMap { listed.recording($0).map(Self.fileName) }
            return .chirper(made: Set(files + Self.documents + [".pending.json"]))
        }
        return .other("\(url.path) holds no \(Self.markName) mark: not a folder Chirper made")
    }

    /// A name that is an entry of this folder itself: no separator, not `.` or `..`, nothing a terminal obeys.
    static func isEntryName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.unicodeScalars.contains(where: Displayable.isUnsafe)
    }

    /// Writes the mark naming `files` (and the documents) as Chirper's.
    func mark(made files: [String]) throws(CommandFailure) {
        try write((files + Self.documents).joined(separator: "\n") + "\n", to: url.appendingPathComponent(Self.markName))
    }

    /// Deletes the files Chirper made here (what the mark names), then the folder when nothing else is
    /// left in it. Returns the names of what was left (files Chirper did not make).
    @discardableResult
    func removeWhatChirperMade() -> [String] {
        guard case .chirper(let made) = owner else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var left: [String] = []
        for name in names {
            let path = url.appendingPathComponent(name).path
            if made.contains(name) || name.hasPrefix(".XC") && name.contains(".part-") {
                if FileNames.sizeOfFile(atPath: path) != nil || isLink(path) { unlink(path) } else { left.append(name) }
            } else {
                left.append(name)
            }
        }
        if left.isEmpty { rmdir(url.path) }
        return left.sorted()
    }

    private func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    // MARK: Writing

    func writeDocuments(of pack: StoredPack) throws(CommandFailure) {
        let recordings = pack.members.map(\.recording)
        try write(PackDocument.text(name: name.text, source: pack.source, built: pack.built, recordings: recordings),
                  to: url.appendingPathComponent("pack.json"))
        let entries = pack.members.map { member in
            PackDocuments.Entry(recording: member.recording, path: member.file ?? "", fetched: LocalTime.day(member.fetched))
        }
        try write(PackDocuments.credits(pack: name.text, entries: entries), to: url.appendingPathComponent("CREDITS.md"))
    }

    func write(_ text: String, to file: URL) throws(CommandFailure) {
        try TextFiles.write(text, to: file.path, failing: .library)
    }
}
