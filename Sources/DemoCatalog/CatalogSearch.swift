import XenoCanto

/// The demo server's reading of a v3 query: tagged terms only, as the live API wants.
struct CatalogSearch {
    enum Problem: Error, Equatable {
        case untagged(String)
        case unknownTag(String)
    }

    typealias Predicate = @Sendable (Recording) -> Bool
    let predicates: [Predicate]

    static let tags: [String: @Sendable (String) -> Predicate] = [
        "sp": { value in { r in equal(r.scientificName, value) || equal(r.species, value) || equal(r.genus.map { $0 + " " + (r.species ?? "") }, value) } },
        "gen": { value in { r in equal(r.genus, value) } },
        "ssp": { value in { r in equal(r.subspecies, value) } },
        "en": { value in { r in contains(r.englishName, value) } },
        "cnt": { value in { r in contains(r.country, value) } },
        "loc": { value in { r in contains(r.locality, value) } },
        "rec": { value in { r in contains(r.recordist, value) } },
        "grp": { value in { r in equal(r.group, value) } },
        "type": { value in { r in contains(r.soundType, value) } },
        "q": { value in { r in equal(r.quality, value) } },
        "nr": { value in { r in r.id == RecordingNumber.digits(value) } },
        "also": { value in { r in r.backgroundSpecies.contains { $0.lowercased().contains(value.lowercased()) } } },
    ]

    init(_ query: String) throws(Problem) {
        var predicates: [Predicate] = []
        for token in QueryTokenizer.tokens(query) {
            switch token {
            case .bare(let word):
                throw .untagged(word)
            case .tagged(let term):
                guard let (tag, value) = QueryTokenizer.split(term), let make = CatalogSearch.tags[tag] else {
                    throw .unknownTag(String(term.prefix { $0 != ":" }))
                }
                predicates.append(make(value))
            }
        }
        self.predicates = predicates
    }

    func matches(_ recording: Recording) -> Bool { predicates.allSatisfy { $0(recording) } }

    private static func equal(_ field: String?, _ value: String) -> Bool {
        field?.caseInsensitiveCompare(value) == .orderedSame
    }

    private static func contains(_ field: String?, _ value: String) -> Bool {
        field?.range(of: value, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}

import Foundation
