import ChirperCore
import XenoCanto

/// The English names the printed listings give (`search`, `queue`'s listing, `pack show`, `list show`,
/// `history`), in the style the settings ask (`names`): xeno-canto's own (IOC) as they came; eBird's,
/// from the taxonomy, for a species it knows; none with `scientific`, where the scientific name stands
/// alone. Only what is shown changes: the library and `--json` keep what xeno-canto sent.
struct ShownNames: Sendable {
    let style: NameStyle

    static var configured: ShownNames { ShownNames(style: Configuration.current.nameStyle.value) }

    func english(of recording: Recording) -> String? {
        switch style {
        case .ioc: recording.englishName
        case .scientific: nil
        case .ebird: TaxonomyFile.resolver?.taxonomy.species(scientific: recording.binomial)?.name(in: .ebird) ?? recording.englishName
        }
    }

    func shown(_ recording: Recording) -> Recording {
        guard style != .ioc else { return recording }
        var shown = recording
        shown.englishName = english(of: recording)
        return shown
    }

    func shown(_ state: ListState) -> ListState {
        guard style != .ioc else { return state }
        func renamed(_ listing: Listing) -> Listing {
            var listing = listing
            listing.rows = listing.rows.map { Row(recording: shown($0.recording), playback: $0.playback) }
            return listing
        }
        switch state {
        case .populated(let listing): return .populated(renamed(listing))
        case .paging(let listing, let next): return .paging(renamed(listing), next: next)
        case .idle, .loading, .empty, .error: return state
        }
    }
}
