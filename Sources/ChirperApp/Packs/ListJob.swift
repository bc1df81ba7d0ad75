import ChirperCore
import DisplayText
import Library
import LibraryModel
import XenoCanto

/// `list`, `list show NAME`, `list add NAME ID…`, `list rm NAME ID…`: the lists browse's `f` fills; and `history`.
public enum ListJob {
    public static func lists(paths: LibraryPaths = .standard()) throws {
        let library = try LibraryAccess.open(paths)
        let lists = try LibraryAccess.run { () throws(LibraryError) in try library.lists() }
        guard !lists.isEmpty else {
            StandardOutput.write(["No lists yet: press f on a row in chirper browse to star it (the list starred)."])
            return
        }
        for list in lists { StandardOutput.write(["\(list.name)  \(list.recordings) recording\(list.recordings == 1 ? "" : "s")"]) }
    }

    public static func show(_ name: String, paths: LibraryPaths = .standard()) throws {
        let listName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        guard let recordings = try LibraryAccess.run({ () throws(LibraryError) in try library.list(named: listName) }) else {
            throw CommandFailure(message: "chirper: there is no list \(listName) (chirper list shows the lists).", exitCode: .noMatch)
        }
        StandardOutput.write(recordings.map(line))
    }

    /// Each recording from the library when it holds it, else from xeno-canto (one request each); a
    /// line a recording put on, and exit 1 when one could not be found.
    public static func add(_ ids: [String], to name: String, api: APIChoice, paths: LibraryPaths = .standard()) async throws {
        let listName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        let numbers = ids.map(RecordingNumber.digits)
        let held = try LibraryAccess.run { () throws(LibraryError) in try library.recordings(ids: numbers) }
        var missing: [String] = []
        for number in numbers {
            var recording = held.first { RecordingNumber.same($0.id, number) }
            if recording == nil {
                let client = try api.client()
                do throws(APIError) { recording = try await client.recording(number: number) } catch { throw error.failure }
            }
            guard let recording else {
                missing.append("XC" + number)
                continue
            }
            let added = try LibraryAccess.run { () throws(LibraryError) in try library.add(recording, toList: listName) }
            StandardOutput.write([(added ? "+ " : "= ") + line(recording) + (added ? "" : "  (on the list already)")])
        }
        guard missing.isEmpty else {
            throw CommandFailure(message: "chirper: not found on xeno-canto: \(missing.joined(separator: ", ")).", exitCode: .noMatch)
        }
    }

    public static func remove(_ ids: [String], from name: String, paths: LibraryPaths = .standard()) throws {
        let listName = try LibraryAccess.name(name)
        let library = try LibraryAccess.open(paths)
        let numbers = ids.map(RecordingNumber.digits)
        let removed = try LibraryAccess.run { () throws(LibraryError) in try library.remove(ids: numbers, fromList: listName) }
        StandardOutput.write(["Took \(removed) of \(numbers.count) off the list \(listName)."])
        if removed < numbers.count { throw CommandFailure(exitCode: .noMatch) }
    }

    public static func history(clear: Bool, limit: Int, paths: LibraryPaths = .standard()) throws {
        let library = try LibraryAccess.open(paths)
        if clear {
            try LibraryAccess.run { () throws(LibraryError) in try library.clearHistory() }
            StandardOutput.write(["History cleared."])
            return
        }
        let plays = try LibraryAccess.run { () throws(LibraryError) in try library.plays(limit: limit) }
        guard !plays.isEmpty else {
            StandardOutput.write(["Nothing played yet."])
            return
        }
        for played in plays { StandardOutput.write([LocalTime.minute(played.at) + "  " + line(played.recording)]) }
    }

    /// A recording on one line: number, names, type, length, recordist.
    static func line(_ recording: Recording) -> String {
        let r = ShownNames.configured.shown(recording)
        let fields = ["XC\(r.id)", r.englishName ?? "", r.scientificName, r.soundType ?? "", r.length ?? "", r.recordist ?? ""]
        return Displayable.line(fields.filter { !$0.isEmpty }.joined(separator: "  "))
    }
}

/// Remembering what was searched and played. A library that cannot be written is not a reason to fail
/// a search or a play: the history is left out then, after a short wait for a busy library.
enum History {
    static func remember(search query: String, paths: LibraryPaths = .standard()) {
        try? library(paths).remember(search: query)
    }

    static func remember(play recording: Recording, paths: LibraryPaths = .standard()) {
        remember(plays: [recording], paths: paths)
    }

    static func remember(plays recordings: [Recording], paths: LibraryPaths = .standard()) {
        guard !recordings.isEmpty else { return }
        try? library(paths).remember(plays: recordings)
    }

    private static func library(_ paths: LibraryPaths) -> SQLiteLibrary {
        SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 2)
    }
}
