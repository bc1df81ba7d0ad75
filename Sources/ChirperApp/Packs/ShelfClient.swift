import ChirperCore
import FoundationEssentials
import LibraryModel
import XenoCanto

/// A pack's or a list's recordings answering searches, with no request: what `browse --pack`,
/// `queue --pack` and `browse --list` show. The shelf's own query gives every recording; another (typed
/// at browse's `/`) the recordings of the bird its words name (any of its names, as every command reads
/// them), else those whose names, type or country hold each of its words; its tags' values are words.
struct ShelfClient: SearchClient {
    enum Recordings: Sendable {
        /// A list's, read whole.
        case read([Recording])
        /// A pack's, read a page at a time from its `pack.json`, each with its file in the pack's folder.
        case packed(PackDocument.Listed, PackFolder)
    }

    let recordings: Recordings
    /// "pack:trip", "list:starred": the query the shelf's title shows.
    let query: SearchQuery
    /// Reads the words typed as a bird's name; read only when a search has words.
    var resolver: @Sendable () -> SpeciesResolver? = { TaxonomyFile.resolver }

    var count: Int {
        switch recordings {
        case .read(let all): all.count
        case .packed(let listed, _): listed.objects.count
        }
    }

    func recordings(in range: Range<Int>) -> [Recording] {
        switch recordings {
        case .read(let all): return Array(all[range])
        case .packed(let listed, let folder): return range.compactMap { listed.recording($0).map(folder.located) }
        }
    }

    func search(_ asked: SearchQuery, page: Int, perPage: Int) async throws(APIError) -> Page {
        if asked.text == query.text {
            let start = min(count, (page - 1) * perPage)
            return Page(numRecordings: count, numSpecies: 0, page: page, numPages: max(1, (count + perPage - 1) / perPage),
                        recordings: recordings(in: start..<min(count, start + perPage)))
        }
        var matching: [Recording] = []
        // The bird the words name, when the shelf holds it; else the words as text.
        if let typed = asked.words, let species = resolver()?.resolve(typed, area: asked.birdArea).species {
            let names = Set(([species.scientific] + species.otherScientific).map { $0.lowercased() })
            let tagWords = Self.words(of: asked.tags.joined(separator: " "))
            matching = recordings(in: 0..<count).filter { names.contains($0.binomial.lowercased()) && Self.matches($0, words: tagWords) }
        }
        if matching.isEmpty {
            let words = Self.words(of: asked.text)
            matching = recordings(in: 0..<count).filter { Self.matches($0, words: words) }
        }
        let shown = matching.dropFirst((page - 1) * perPage).prefix(perPage)
        return Page(numRecordings: matching.count, numSpecies: 0, page: page, numPages: max(1, (matching.count + perPage - 1) / perPage),
                    recordings: Array(shown))
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
    /// `pack.json` (no request, the library not opened: the screen is drawn at once).
    static func pack(_ name: PackName, paths: LibraryPaths) throws(CommandFailure) -> ShelfClient {
        let folder = PackFolder(paths: paths, name: name)
        guard let listed = folder.listed() else {
            throw CommandFailure(message: "chirper: there is no pack \(name) (chirper pack list shows the packs).", exitCode: .noMatch)
        }
        return ShelfClient(recordings: .packed(listed, folder), query: SearchQuery("pack:\(name)", raw: true))
    }

    /// The list `name`'s recordings, played from a pack's file when a pack holds one, else from xeno-canto.
    static func list(_ name: PackName, library: any LibraryStore, paths: LibraryPaths) throws(CommandFailure) -> ShelfClient {
        guard let listed = try LibraryAccess.run({ () throws(LibraryError) in try library.list(named: name) }) else {
            throw CommandFailure(message: "chirper: there is no list \(name) (chirper list shows the lists).", exitCode: .noMatch)
        }
        let recordings = listed.map { recording in PackedFiles.recording(recording.id, paths: paths) ?? recording }
        return ShelfClient(recordings: .read(recordings), query: SearchQuery("list:\(name)", raw: true))
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
