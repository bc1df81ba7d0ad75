import ArgumentParser
import ChirperApp
import XenoCanto

extension Chirper {
    /// `chirper marks`: the regions marked on a recording or a file, and the tables of other tools.
    struct MarksCommand: AsyncParsableCommand, TopLevelCommand {
        static let name = "marks"
        static let fullConfiguration = CommandConfiguration(
            commandName: name,
            abstract: "Marks on a recording or a file: m while it plays marks a point, m again ends a region.",
            discussion: "Marks are kept in the library. They go to Audacity and Raven (export) and come from them or BirdNET-Analyzer (import).",
            subcommands: [Show.self, Import.self, Export.self, Edit.self, Remove.self, Move.self],
            defaultSubcommand: Show.self)

        static let subjectHelp = ArgumentHelp("An XC number (XC900001, 900001 or its page's address) or a sound file.", valueName: "recording")

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "show", abstract: "The annotations xeno-canto sent with it and the marks, numbered (the default).")
            @Argument(help: MarksCommand.subjectHelp, completion: .file()) var recording: String
            @Option(help: ArgumentHelp("Only the annotations of this taxon or sound type (\"Parus major\", song).", valueName: "words")) var only: String?
            @OptionGroup var api: APIOptions
            func run() async throws { try await MarksJob.show(recording, only: only, api: api.choice) }
        }

        struct Import: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import", abstract: "Keep the regions of a Raven selection table, Audacity labels or annotation sets as marks.",
                discussion: "BirdNET-Analyzer writes both. A region already marked the same is not kept twice.")
            @Argument(help: "The table: Raven's (a header with Begin Time (s)), Audacity's labels, or JSON in the shape of xeno-canto's annotation sets.",
                      completion: .file(extensions: ["txt", "tsv", "json"]))
            var table: String
            @Option(help: MarksCommand.subjectHelp, completion: .file()) var on: String
            func run() throws { try MarksJob.importTable(table, on: on) }
        }

        struct Export: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "export", abstract: "Write the marks as Audacity labels or a Raven selection table.",
                discussion: "A region without a band is given the recording's whole range. On standard output, or in the file -o names.")
            @Argument(help: MarksCommand.subjectHelp, completion: .file()) var recording: String
            @Flag(help: "Audacity's label track, each label with its band line (Audacity's extended form).") var audacity = false
            @Flag(name: .customLong("times-only"), help: "With --audacity: the labels' times alone, no band lines.") var timesOnly = false
            @Flag(help: "Raven's selection table.") var raven = false
            @Flag(help: "JSON in the shape of xeno-canto's annotation sets.") var json = false
            @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (- : standard output).", valueName: "file"), completion: .file())
            var output: String?
            @OptionGroup var api: APIOptions

            func validate() throws {
                guard [audacity, raven, json].filter({ $0 }).count == 1 else {
                    throw ValidationError("Give one of --audacity, --raven or --json: chirper marks export XC900001 --raven -o XC900001.txt")
                }
                if timesOnly && !audacity { throw ValidationError("--times-only is for --audacity.") }
            }

            func run() async throws {
                try await MarksJob.export(recording, as: json ? .json : raven ? .raven : .audacity(bands: !timesOnly), to: output, api: api.choice)
            }
        }

        struct Edit: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "edit", abstract: "Give a mark a label or a band of frequencies.")
            @Argument(help: MarksCommand.subjectHelp, completion: .file()) var recording: String
            @Argument(help: "The mark's number, as chirper marks lists them.") var number: Int
            @Option(help: "Its label, e.g. \"alarm call\".") var label: String?
            @Option(help: ArgumentHelp("Its band in hertz, low-high, e.g. 2000-6000.", valueName: "low-high")) var band: String?
            @Flag(name: .customLong("no-band"), help: "Take its band off.") var noBand = false

            func validate() throws {
                try OptionRange.check(number, OptionRange.count, "The mark's number is from 1 to 1000000.")
                guard label != nil || band != nil || noBand else { throw ValidationError("Give --label, --band or --no-band.") }
                if band != nil && noBand { throw ValidationError("Give --band or --no-band, not both.") }
                if let band, Self.hertz(band) == nil { throw ValidationError("--band is low-high in hertz, from 0 to 1000000: --band 2000-6000.") }
            }

            /// "2000-6000" (or with an en dash) as a range of hertz, low to high.
            static func hertz(_ text: String) -> ClosedRange<Double>? {
                let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { Double($0.trimmed) }
                guard parts.count == 2, let low = parts[0], let high = parts[1], low.isFinite, high.isFinite,
                      low >= 0, high <= 1_000_000, low <= high else { return nil }
                return low...high
            }

            func run() throws {
                try MarksJob.edit(recording, number: number, label: label, band: band.flatMap(Self.hertz), noBand: noBand)
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Take marks off, by their numbers.")
            @Argument(help: MarksCommand.subjectHelp, completion: .file()) var recording: String
            @Argument(help: "The marks' numbers, as chirper marks lists them.") var numbers: [Int]

            func validate() throws {
                guard !numbers.isEmpty else { throw ValidationError("Name the marks to take off: chirper marks rm XC900001 2 3") }
            }

            func run() throws { try MarksJob.remove(recording, numbers: numbers) }
        }

        struct Move: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "move", abstract: "Put the marks kept on a file that has moved on its new path.",
                discussion: "Marks on a file are kept by its path: after the file moves, chirper marks NEW says where they were.")
            @Argument(help: "Where the file was (a path, there or not), or an XC number.", completion: .file()) var from: String
            @Argument(help: "Where it is now (a file), or an XC number.", completion: .file()) var to: String

            func run() throws { try MarksJob.move(from: from, to: to) }
        }
    }
}
