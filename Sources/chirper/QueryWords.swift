import ArgumentParser
import ChirperApp
import FoundationEssentials
import SystemAccess

/// The completion of a query's words in bash, zsh and fish: tags, their values, species names.
enum QueryWords {
    static let completion = CompletionKind.custom { words, index, prefix in
        SpeciesCompletion.candidates(words: words, index: index, prefix: prefix, shell: EnvironmentVariable.value("SAP_SHELL"))
    }
}

/// The completion of a pack's or a list's name: those the library holds.
enum ShelfNames {
    static let pack = completion(.pack)
    static let list = completion(.list)

    private static func completion(_ shelf: ShelfCompletion.Shelf) -> CompletionKind {
        .custom { _, _, prefix in ShelfCompletion.candidates(shelf, prefix: prefix, shell: EnvironmentVariable.value("SAP_SHELL")) }
    }
}
