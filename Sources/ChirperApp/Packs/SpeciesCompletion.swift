import ChirperCore
import DisplayText
import FoundationEssentials
import Library
import LibraryModel

/// Tab in a query, for the shells' completion scripts: `QueryCompletion`'s candidates, the species
/// names coming from the library's recordings (none when there is no library yet: completing makes no
/// files); when they offer nothing, from the taxonomy (every authority's English names, scientific
/// names, genera, codes), so that the birds a listener has heard complete first and alone.
public enum SpeciesCompletion {
    /// Fish's and zsh's scripts escape a candidate themselves; bash's replies are escaped here
    /// (`ShellWord`), and bash gives the words as typed, with their escapes (`shell`: ArgumentParser's
    /// `SAP_SHELL`). A name that holds a control character (a newline would make it two candidates) is
    /// not offered: no one types it.
    public static func candidates(words: [String], index: Int, prefix: String, shell: String?) -> [String] {
        let bash = shell == "bash"
        let read = bash ? QueryCompletion.bashWord : { $0 }
        let typed = words.map(read)
        var found = QueryCompletion.candidates(words: typed, index: index, prefix: read(prefix), bash: bash, species: known)
        if found.isEmpty {
            // Every name offered begins with what is typed after the tag's colon, if there is one.
            // A bare word that begins a tag's name may be offered that tag's values: every line is read.
            let word = read(prefix)
            let typedName = word.contains(":") ? String(word.drop { $0 != ":" }.dropFirst())
                : QueryCompletion.tags.contains { $0.hasPrefix(word.lowercased()) } ? "" : word
            found = QueryCompletion.candidates(words: typed, index: index, prefix: read(prefix), bash: bash, species: { taxonomy(namesStarting: typedName) })
        }
        let candidates = found
            .filter { !$0.unicodeScalars.contains(where: Displayable.isUnsafe) }
        return bash ? ShellWord.bashReplies(candidates) : candidates
    }

    static func known() -> [QueryCompletion.Species] {
        let paths = LibraryPaths.standard()
        guard FileManager.default.fileExists(atPath: paths.database.path) else { return [] }
        let species = (try? SQLiteLibrary(openingOnFirstUse: paths, waitingWhenBusy: 1).species()) ?? []
        return species.map { QueryCompletion.Species(english: $0.english, scientific: $0.scientific) }
    }

    static func taxonomy(namesStarting typed: String) -> [QueryCompletion.Species] {
        TaxonomyFile.species(namesStarting: typed).map { bird in
            QueryCompletion.Species(english: bird.english, scientific: bird.scientific,
                                    otherEnglish: (bird.ebirdEnglish.map { [$0] } ?? []) + bird.otherEnglish,
                                    codes: [bird.ebirdCode, bird.banding].compactMap { $0 })
        }
    }
}
