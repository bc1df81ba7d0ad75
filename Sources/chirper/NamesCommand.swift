import ArgumentParser
import ChirperApp
import ChirperCore

extension Chirper {
    /// `chirper names`: how each name is read, offline.
    struct Names: ParsableCommand, TopLevelCommand {
        static let name = "names"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Say which bird each name is, offline: English names of every authority, short names, codes, typos.",
            discussion: """
                Reads a name as every command does (search words, pack build species lists, quiz answers), with \
                the taxonomy installed with Chirper and no request to xeno-canto: the species and which of its \
                names matched, the birds a name several share may be, or the nearest names to one no bird has. \
                --species FILE checks a pack's list before a build. Exit 0 when every name is one bird, 1 when \
                one is not, 2 for a file that cannot be read.
                """)

        @Argument(help: ArgumentHelp("A bird's name, as you would write it.", valueName: "name"), completion: QueryWords.completion)
        var words: [String] = []

        @Option(help: ArgumentHelp("A file of species names: one a line, or eBird's CSV.", valueName: "file"), completion: .file())
        var species: String?

        @Option(help: ArgumentHelp("An area (europe, america, africa, asia, australia) or a country, to decide names several birds share.",
                                   valueName: "region"))
        var region: String?

        func validate() throws {
            guard words.isEmpty != (species == nil) else {
                throw ValidationError("Give a name or --species FILE: chirper names blackbird")
            }
            if let region, BirdArea(region: region) == nil {
                throw ValidationError("--region must be an area (europe, america, africa, asia, australia) or a country such as \"United Kingdom\".")
            }
        }

        func run() throws {
            try NamesJob.run(names: words, speciesFile: species, region: region.flatMap(BirdArea.init(region:)))
        }
    }
}
