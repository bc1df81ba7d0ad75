import ArgumentParser
import ChirperApp
import ChirperCore
import XenoCanto

extension Chirper {
    /// `chirper pack`: recordings chosen and fetched for study offline.
    struct Pack: AsyncParsableCommand, TopLevelCommand {
        static let name = "pack"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Build, list, show, remove, export and import packs: recordings kept for listening offline.",
            discussion: """
                Packs live in $XDG_DATA_HOME/chirper/packs/NAME (default ~/.local/share/chirper), with pack.json \
                and CREDITS.md; the library (library.sqlite) beside them remembers them. \
                Play one with chirper queue --pack NAME or chirper browse --pack NAME.
                """,
            subcommands: [Build.self, List.self, Show.self, Remove.self, Export.self, Import.self])

        struct Build: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "build",
                abstract: "Choose each species' cleanest recordings and fetch them into a pack.",
                discussion: """
                    From --species FILE (one English or scientific name a line, or eBird's CSV export), --query (the \
                    species of the query's recordings, chosen among them) or --list (every recording of a list). \
                    Clean first: quality A before B before C, no background species, the asked sound types (one of \
                    each when the species has them), within --max-length, playback not used, newer first. \
                    Restricted recordings are listed, never fetched. Stopped and run again, a build fetches only \
                    what is missing. The pack is made whole beside the old one, then takes its place; a pack of the \
                    name is replaced only with --replace, and only the files Chirper made are deleted. One build of a \
                    name runs at a time. Names are read with Chirper's taxonomy: English names of AviList/IOC, eBird \
                    and the banding labs, short everyday names (Blackbird), eBird and banding codes, small typos; a \
                    line says how each was read when not as written. A name several birds share (Robin) is decided \
                    by --region, or left out with the birds it may be. Exit 0 when the pack is whole, 1 when nothing \
                    matched, 4 when a file could not be fetched (run again) or a name was left out (the pack holds \
                    the rest), 2 when a pack of the name exists and --replace is not given, 6 when the \
                    library cannot be used or another build of the name runs.
                    """)

            @Argument(help: "The pack's name: letters, digits, spaces, '-', '_' and '.'.")
            var name: String

            @Option(help: ArgumentHelp("A file of species names: one a line, or eBird's CSV.", valueName: "file"), completion: .file())
            var species: String?

            @Option(help: ArgumentHelp("A query whose recordings' species make the pack.", valueName: "query"))
            var query: String?

            @Option(help: ArgumentHelp("A list of the library, every recording on it.", valueName: "name"), completion: ShelfNames.list)
            var list: String?

            @Option(name: .customLong("per-species"), help: "Recordings per species, 1 to 50.")
            var perSpecies = 3

            @Option(help: ArgumentHelp("Sound types to have, as xeno-canto names them: song,call.", valueName: "types"))
            var type: String?

            @Option(name: .customLong("max-length"), help: "The longest recording to keep, in seconds (1 to 3600).")
            var maxLength: Double = 60

            @Flag(help: "Replace a pack of the same name (its files Chirper made are deleted once the new pack is whole).")
            var replace = false

            @Option(help: ArgumentHelp("Where the pack is for, to decide names several birds share: an area (europe, america, "
                + "africa, asia, australia) or a country.", valueName: "region"))
            var region: String?

            @OptionGroup var api: APIOptions

            func validate() throws {
                guard [species, query, list].compactMap({ $0 }).count == 1 else {
                    throw ValidationError("Give one of --species FILE, --query QUERY or --list NAME: chirper pack build trip --species trip.txt")
                }
                try OptionRange.check(perSpecies, 1...50, "--per-species must be from 1 to 50.")
                try OptionRange.check(maxLength, 1...3600, "--max-length must be from 1 to 3600 seconds.")
                if let region, BirdArea(region: region) == nil {
                    throw ValidationError("--region must be an area (europe, america, africa, asia, australia) or a country such as "
                        + "\"United Kingdom\".")
                }
            }

            func run() async throws {
                let source: PackSource = species.map { .species(path: $0) } ?? query.map(PackSource.query) ?? .list(list ?? "")
                let types = (type ?? "").split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
                try await PackBuildJob.run(name: name, source: source,
                                           criteria: PackCriteria(perSpecies: perSpecies, types: types, maxSeconds: maxLength), api: api.choice,
                                           replace: replace, region: region.flatMap(BirdArea.init(region:)))
            }
        }

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "The packs, with their size and source.")
            func run() throws { try PackJob.list() }
        }

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "A pack's recordings.")
            @Argument(help: "The pack's name.", completion: ShelfNames.pack) var name: String
            func run() throws { try PackJob.show(name) }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a pack and the files Chirper made for it.")
            @Argument(help: "The pack's name.", completion: ShelfNames.pack) var name: String
            func run() throws { try PackJob.remove(name) }
        }

        struct Export: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "export", abstract: "Write a pack as an M3U playlist or pack.json (standard output), or as an Anki deck.",
                discussion: """
                    --m3u: a playlist of the pack's files with titles (mpv --playlist=FILE, cmus). --json: every \
                    recording of the pack, to build it elsewhere with chirper pack import: XC numbers and what the \
                    API said, no sound (the importer fetches the files from xeno-canto itself). --anki FILE.apkg: \
                    an Anki package, one note per species and sound type with its recordings' sound and sonograms \
                    and each recording's credit; exporting again updates the same notes in Anki. --share leaves out \
                    what a licence forbids in a deck given to others (the sonogram of an ND recording).
                    """)
            @Argument(help: "The pack's name.", completion: ShelfNames.pack) var name: String
            @Flag(help: "An M3U playlist.") var m3u = false
            @Flag(help: "pack.json.") var json = false
            @Option(help: ArgumentHelp("An Anki package (.apkg) to write.", valueName: "file"), completion: .file(extensions: ["apkg"]))
            var anki: String?
            @Flag(help: "With --anki: a deck to give to others.") var share = false
            /// Accepted for scripts written when --json left out NC and ND recordings; it now keeps them all.
            @Flag(name: .customLong("all-licences"), help: .hidden) var allLicences = false

            func validate() throws {
                guard [m3u, json, anki != nil].filter({ $0 }).count == 1 else {
                    throw ValidationError("Give --m3u, --json or --anki FILE: chirper pack export trip --m3u > trip.m3u")
                }
                if anki?.isEmpty == true { throw ValidationError("--anki needs a file's name: chirper pack export trip --anki trip.apkg") }
                if share, anki == nil { throw ValidationError("--share goes with --anki.") }
            }

            func run() async throws {
                if let anki { return try await PackJob.exportAnki(name, to: anki, share: share) }
                try PackJob.export(name, as: m3u ? .m3u : .json)
            }
        }

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import", abstract: "Build the pack a pack.json describes: its files fetched, no API request.")
            @Argument(help: "The pack.json.", completion: .file(extensions: ["json"])) var file: String
            @Option(help: "Another name for the pack.") var name: String?
            @Flag(help: "Replace a pack of the same name.") var replace = false
            @OptionGroup var api: APIOptions
            func run() async throws { try await PackJob.importPack(from: file, name: name, api: api.choice, replace: replace) }
        }
    }
}
