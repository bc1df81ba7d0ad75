import ArgumentParser
import ChirperApp

/// `--pack NAME` or `--list NAME`: a pack's or a list's recordings instead of a query's.
struct ShelfOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A pack's recordings, from its files (no network).", valueName: "name"), completion: ShelfNames.pack)
    var pack: String?

    @Option(help: ArgumentHelp("A list's recordings (a pack's file when one holds it).", valueName: "name"), completion: ShelfNames.list)
    var list: String?

    func validate() throws {
        if pack != nil && list != nil { throw ValidationError("Give --pack or --list, not both.") }
    }

    var choice: Shelf? { pack.map(Shelf.pack) ?? list.map(Shelf.list) }
}
