import ChirperCore
import DisplayText
import XenoCanto

/// `chirper names`: how Chirper reads each name, offline, before a build or a search spends a request on
/// it: a line a name, the species (and which name matched), the birds a shared name may be, or the
/// nearest names to one no bird has.
public enum NamesJob {
    public static func run(names typed: [String], speciesFile: String?, region: BirdArea?) throws {
        guard let resolver = TaxonomyFile.resolver else {
            throw CommandFailure(message: TaxonomyFile.problem ?? "chirper: no taxonomy file.", exitCode: .noMatch)
        }
        let names = try speciesFile.map { try SpeciesListFile.names(in: $0).map(\.text) } ?? [typed.joined(separator: " ")]
        let style = Configuration.current.nameStyle.value
        var unresolved = 0
        for name in names {
            let resolution = resolver.resolve(name, area: region)
            if resolution.species == nil { unresolved += 1 }
            let mark = resolution.species == nil ? "✗ " : "· "
            StandardOutput.write([Displayable.line(mark + resolution.explained(name, style: style))])
        }
        guard unresolved == 0 else {
            throw CommandFailure(message: "chirper: \(unresolved) of \(names.count) name\(names.count == 1 ? "" : "s") not read as one bird.",
                                 exitCode: .noMatch)
        }
    }
}
