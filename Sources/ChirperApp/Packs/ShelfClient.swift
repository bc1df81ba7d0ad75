import FoundationEssentials
import LibraryModel
import XenoCanto

/// A pack's or a list's recordings answering searches, with no request: what `browse --pack`,
/// `queue --pack` and `browse --list` show. The shelf's own query gives every recording; another (typed
/// at browse's `/`) the recordings whose names, type or country hold each of its words.
struct ShelfClient: SearchClient {
    let recordings: [Recording]
    /// "pack:trip", "list:starred": the query the shelf's title shows.
    let query: SearchQuery

    func search(_ asked: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
        let matching = asked.text == query.text ? recordings : recordings.filter { Self.matches($0, words: Self.words(of: asked.text)) }
        let pages = max(1, (matching.count + perPage - 1) / perPage)
        let shown = matching.dropFirst((page - 1) * perPage).prefix(perPage)
        let species = Set(matching.map(\.scientificName)).count
        return Page(numRecordings: matching.count, numSpecies: species, page: page, numPages: pages, recordings: Array(shown))
    }

    /// The query's words, each tag's value as a word of its own ("en:tit" → "tit").
    static func words(of text: String) -> [String] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\"" }).map { word in
            word.split(separator: ":", maxSplits: 1).last.map(String.init) ?? String(word)
        }
    }

    static func matches(_ recording: Recording, words: [String]) -> Bool {
        let haystack = [recording.englishName, recording.scientificName, recording.soundType, recording.country, "xc\(recording.id)"]
            .compactMap { $0?.lowercased() }.joined(separator: " ")
        return words.allSatisfy { haystack.contains($0) }
    }

    /// The pack `name`'s recordings with their files as `file://` URLs, read from its folder's
    /// `pack.json` (no request, no library process: the screen is drawn at once).
    static func pack(_ name: PackName, paths: LibraryPaths) throws(CommandFailure) -> ShelfClient {
        let folder = PackFolder(paths: paths, name: name)
        guard let document = folder.document() else {
            throw CommandFailure(message: "chirper: there is no pack \(name) (chirper pack list shows the packs).", exitCode: .noMatch)
        }
        return ShelfClient(recordings: document.recordings.compactMap(folder.playable), query: SearchQuery("pack:\(name)", raw: true))
    }

    /// The list `name`'s recordings, played from a pack's file when a pack holds one, else from xeno-canto.
    static func list(_ name: PackName, library: any LibraryStore, paths: LibraryPaths) throws(CommandFailure) -> ShelfClient {
        guard let listed = try LibraryAccess.run({ () throws(LibraryError) in try library.list(named: name) }) else {
            throw CommandFailure(message: "chirper: there is no list \(name) (chirper list shows the lists).", exitCode: .noMatch)
        }
        let recordings = listed.map { recording in PackedFiles.recording(recording.id, paths: paths) ?? recording }
        return ShelfClient(recordings: recordings, query: SearchQuery("list:\(name)", raw: true))
    }
}

/// A pack or a list of the library, named on the command line (`--pack`, `--list`).
public enum Shelf: Sendable, Equatable {
    case pack(String)
    case list(String)

    func client(paths: LibraryPaths = .standard()) throws(CommandFailure) -> ShelfClient {
        switch self {
        case .pack(let text): return try ShelfClient.pack(try LibraryAccess.name(text), paths: paths)
        case .list(let text): return try ShelfClient.list(try LibraryAccess.name(text), library: try LibraryAccess.open(paths), paths: paths)
        }
    }
}
