import Audio
import DisplayText
import FoundationEssentials
import Glibc
import LibraryModel
import XenoCanto

/// Where a build of pack NAME is made: `packs/.NAME.building`, a folder of Chirper's beside the pack's,
/// held by one build at a time (`packs/.NAME.lock`). The new pack is made whole there, then swapped in
/// for the old one; the old pack's files go, and only those Chirper made. Kept between runs, so a build
/// stopped and run again fetches only what is missing.
final class PackBuildFolder {
    let name: PackName
    /// The pack's folder as it will be.
    let destination: PackFolder
    /// The folder the new pack is made in.
    let building: PackFolder
    private let packs: URL
    /// The lock, held while this value lives.
    private let lock: Int32

    /// The old pack's folder while the new one takes its place.
    private let old: PackFolder
    /// The files of the building folder that Chirper made (its mark), as they are added.
    private var made: [String] = []

    /// Takes the lock of pack `name`'s builds (and of `pack rm`) and the folder they are made in, and
    /// finishes a swap a stopped build left half done. Refuses when another build of the name runs, or,
    /// `checkingDestination`, when what is at the pack's place is not a folder Chirper made.
    init(paths: LibraryPaths, name: PackName, checkingDestination: Bool = true) throws(CommandFailure) {
        self.name = name
        packs = paths.packs
        destination = PackFolder(paths: paths, name: name)
        building = PackFolder(url: paths.packs.appendingPathComponent(".\(name.text).building", isDirectory: true), name: name)
        old = PackFolder(url: paths.packs.appendingPathComponent(".\(name.text).old", isDirectory: true), name: name)
        do { try FileManager.default.createDirectory(at: paths.packs, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "chirper: cannot make \(paths.packs.path): \(FileProblem.describe(error))", exitCode: .library)
        }
        let lockPath = paths.packs.appendingPathComponent(".\(name.text).lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure(message: "chirper: cannot take the lock \(lockPath): \(String(cString: strerror(errno)))", exitCode: .library)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw CommandFailure(message: "chirper: another build of the pack \(name) is running; wait for it to end, then run this again.",
                                 exitCode: .library)
        }
        lock = descriptor
        recoverInterruptedSwap()
        if checkingDestination, case .other(let why) = destination.owner {
            throw CommandFailure(message: "chirper: \(why): it is left as it is. Move it away, or choose another name for the pack.",
                                 exitCode: .library)
        }
    }

    deinit { close(lock) }

    /// Makes the building folder, marked as Chirper's, unless an earlier run of the build left one.
    func make() throws(CommandFailure) {
        switch building.owner {
        case .chirper(let files):
            made = files.sorted()
            // A stopped build's half-written files, whichever recordings they were of.
            RecordingDownload.removeAbandoned(in: building.url)
        case .other(let why):
            throw CommandFailure(message: "chirper: \(why): it is left as it is. Move it away to build the pack \(name).", exitCode: .library)
        case .nothing:
            guard mkdir(building.url.path, 0o755) == 0 else {
                throw CommandFailure(message: "chirper: cannot make \(building.url.path): \(String(cString: strerror(errno)))", exitCode: .library)
            }
            made = [".pending.json", ".pending-left-out.json"]
            try building.mark(made: made)
        }
    }

    /// Adds `file` to the building folder's mark: a file Chirper put there, deleted if the build ends
    /// without it.
    private func record(_ file: String) {
        guard !made.contains(file) else { return }
        made.append(file)
        try? building.mark(made: made)
    }

    // MARK: The build's choice, kept between runs

    private var pending: URL { building.url.appendingPathComponent(".pending.json") }
    /// The names of the list the choice left out, said again by a run that resumes it.
    private var pendingLeftOut: URL { building.url.appendingPathComponent(".pending-left-out.json") }

    /// The recordings an earlier run of the same build chose, and the names it left out; nil when there
    /// was none, it was another build, or its choice cannot be read.
    func pendingChoice(for source: String) -> (recordings: [Recording], leftOut: [PackLookup.Unmatched])? {
        guard case .chirper = building.owner, let bytes = try? BoundedFile.read(pending.path, limit: BoundedFile.packLimit),
              let document = PackDocument.read(bytes), document.source == source else { return nil }
        // A build stopped by an earlier Chirper kept no names left out: none are said.
        let names = try? BoundedFile.read(pendingLeftOut.path, limit: BoundedFile.packLimit)
        let leftOut = names.flatMap { try? JSONDecoder().decode([PackLookup.Unmatched].self, from: Data($0)) } ?? []
        return (document.recordings, leftOut)
    }

    func keepPendingChoice(_ recordings: [Recording], leftOut: [PackLookup.Unmatched], source: String) throws(CommandFailure) {
        try make()
        record(pendingLeftOut.lastPathComponent)
        let names = (try? JSONEncoder().encode(leftOut)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        try building.write(names, to: pendingLeftOut)
        try building.write(PackDocument.text(name: name.text, source: source, built: nil, recordings: recordings), to: pending)
    }

    // MARK: Files

    /// Puts recording's file in the building folder: already there, or linked (else copied) from the
    /// old pack when the old pack's build made it. Returns false when it is to be fetched.
    func reuse(_ recording: Recording) -> Bool {
        let file = PackFolder.fileName(of: recording)
        if building.holds(recording) {
            record(file)
            return true
        }
        guard case .chirper(let madeThere) = destination.owner, madeThere.contains(file), destination.holds(recording),
              let old = destination.file(of: recording), let new = building.file(of: recording) else { return false }
        guard link(old.path, new.path) == 0 || (try? FileManager.default.copyItem(at: old, to: new)) != nil else { return false }
        record(file)
        return true
    }

    /// The file of `recording` in the building folder, marked as Chirper's before a byte is written.
    func target(for recording: Recording) -> URL? {
        guard let target = building.file(of: recording) else { return nil }
        record(target.lastPathComponent)
        return target
    }

    // MARK: Finishing

    /// Writes the new pack's documents and mark, then swaps the building folder in for the pack's own.
    /// Returns the names of files Chirper did not make that were in the old folder and could not be
    /// moved to the new one, with where they are kept.
    func finish(_ pack: StoredPack) throws(CommandFailure) -> (left: [String], keptIn: URL)? {
        let members = pack.members.compactMap(\.file)
        try building.writeDocuments(of: pack)
        // What an earlier build of the name fetched here and this pack does not hold.
        for file in made where !members.contains(file) && !PackFolder.documents.contains(file) && file != PackFolder.markName {
            unlink(building.url.appendingPathComponent(file).path)
        }
        made = members
        try building.mark(made: members)
        switch destination.owner {
        case .other(let why):
            throw CommandFailure(message: "chirper: \(why): it is left as it is, and the new pack is kept in \(building.url.path).",
                                 exitCode: .library)
        case .nothing:
            try move(building.url, to: destination.url)
            return nil
        case .chirper:
            try move(destination.url, to: old.url)
            do { try move(building.url, to: destination.url) } catch {
                try? move(old.url, to: destination.url)
                throw error
            }
            return settleOld()
        }
    }

    /// The old folder once the new one is in place: its files Chirper made are deleted, the others go
    /// with the pack where no file of the new pack has their name; what is left is kept in a folder
    /// named so, and said.
    private func settleOld() -> (left: [String], keptIn: URL)? {
        for name in old.removeWhatChirperMade() {
            let from = old.url.appendingPathComponent(name), to = destination.url.appendingPathComponent(name)
            var info = stat()
            if lstat(to.path, &info) != 0 { _ = rename(from.path, to.path) }
        }
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: old.url.path)) ?? []).sorted()
        guard !left.isEmpty else {
            rmdir(old.url.path)
            return nil
        }
        let kept = packs.appendingPathComponent("\(name.text) (files kept \(LocalTime.day(Date())) \(getpid()))", isDirectory: true)
        return rename(old.url.path, kept.path) == 0 ? (left, kept) : (left, old.url)
    }

    /// A build stopped between its two renames left the old folder aside: with the new pack whole in
    /// the building folder it is put in place, else the old one is put back.
    private func recoverInterruptedSwap() {
        guard case .chirper = old.owner else { return }
        switch destination.owner {
        case .other: return  // nothing is moved into a folder Chirper did not make
        case .chirper: break
        case .nothing:
            let whole = FileManager.default.fileExists(atPath: building.url.appendingPathComponent("pack.json").path)
            guard (try? move(whole ? building.url : old.url, to: destination.url)) != nil, whole else { return }
        }
        if let left = settleOld() {
            StandardError.write(Displayable.line("chirper: the old pack's folder held files Chirper did not make, kept in \(left.keptIn.path): "
                + left.left.joined(separator: ", ")))
        }
    }

    /// Deletes the building folder's files (a build stopped, the pack removed).
    func removeBuilding() { building.removeWhatChirperMade() }

    private func move(_ from: URL, to: URL) throws(CommandFailure) {
        guard rename(from.path, to.path) == 0 else {
            throw CommandFailure(message: "chirper: cannot move \(from.path) to \(to.path): \(String(cString: strerror(errno)))", exitCode: .library)
        }
    }
}
