import ArgumentParser
import ChirperApp
import FoundationEssentials

/// The completion of a query's words in bash, zsh and fish: tags, their values, species names.
enum QueryWords {
    static let completion = CompletionKind.custom { words, index, prefix in
        SpeciesCompletion.candidates(words: words, index: index, prefix: prefix, shell: ProcessInfo.processInfo.environment["SAP_SHELL"])
    }
}
