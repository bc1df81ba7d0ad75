import ChirperCore
import XenoCanto

/// A species list's file (`pack build --species`, `chirper names --species`): bounded, text, one name a
/// line or eBird's CSV; a file that is none of these is refused, named, before any name is read.
enum SpeciesListFile {
    static func names(in path: String) throws -> [SpeciesList.Name] {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.speciesLimit) } catch {
            throw CommandFailure(message: "chirper: the species file: \(error)", exitCode: .usage)
        }
        // A byte-order mark, which some editors write first, is not part of the first name.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let text = String(validating: body, as: UTF8.self), !body.contains(0) else {
            throw CommandFailure(message: "chirper: \(path) is not a text file (bytes that are not UTF-8 text): give one species name a line.",
                                 exitCode: .usage)
        }
        if let long = SpeciesList.firstLongLine(in: text, limit: BoundedFile.lineLimit) {
            throw CommandFailure(message: "chirper: \(path) line \(long.number) is \(long.bytes) bytes long, more than the "
                + "\(BoundedFile.lineLimit) a line may be: give one species name a line.", exitCode: .usage)
        }
        let names = SpeciesList.names(in: text)
        guard !names.isEmpty else {
            throw CommandFailure(message: "chirper: \(path) names no species: give one name a line, or eBird's CSV.", exitCode: .usage)
        }
        return names
    }
}
