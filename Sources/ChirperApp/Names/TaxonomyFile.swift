import ChirperCore
import FoundationEssentials
import Locking
import SystemAccess
import XenoCanto

/// The taxonomy installed with Chirper, read once, when a name is first resolved: `$CHIRPER_TAXONOMY`,
/// else `taxonomy.tsv` beside the binary (a build folder), else `../share/chirper/taxonomy.tsv` (installed).
public enum TaxonomyFile {
    /// A file of 11,000 species is under 1 MB.
    static let limit = 16 << 20

    public enum Loaded: Sendable {
        case found(SpeciesResolver, path: String)
        case missing(tried: [String])
        case unreadable(path: String, reason: String)
    }

    enum Read: Sendable {
        case found([Species], path: String)
        case missing(tried: [String])
        case unreadable(path: String, reason: String)
    }

    /// The file's species, not indexed: what a shell's Tab needs.
    static let read: Read = read(from: candidates)

    /// The species indexed by every name, when a name is first resolved.
    public static let loaded: Loaded = switch read {
    case .found(let species, let path): .found(SpeciesResolver(taxonomy: Taxonomy(species: species)), path: path)
    case .missing(let tried): .missing(tried: tried)
    case .unreadable(let path, let reason): .unreadable(path: path, reason: reason)
    }

    /// The species of the taxonomy, empty when there is none.
    public static var species: [Species] {
        if case .found(let species, _) = read { return species }
        return []
    }

    /// The resolver, or nil when no taxonomy could be read (names are then looked up on xeno-canto).
    public static var resolver: SpeciesResolver? {
        if case .found(let resolver, _) = loaded { return resolver }
        return nil
    }

    /// The resolver for a command that prints lines: when there is none, why is said on stderr, once,
    /// the first time a name is to be read (a query of tags alone reads no file and says nothing).
    public static var resolverSayingWhy: SpeciesResolver? {
        guard let resolver else {
            if let problem, said.withLock({ said in defer { said = true }; return !said }) { StandardError.write(problem) }
            return nil
        }
        return resolver
    }

    private static let said = Locked(false)

    /// A line for stderr when the taxonomy is not there, saying what is lost.
    public static var problem: String? {
        switch read {
        case .found: nil
        case .missing(let tried):
            "chirper: no taxonomy file (looked for \(tried.joined(separator: ", "))): names are asked of xeno-canto as typed. "
                + (tried.count == 1 ? "Check CHIRPER_TAXONOMY." : "Reinstall Chirper, or set CHIRPER_TAXONOMY to its taxonomy.tsv.")
        case .unreadable(let path, let reason):
            "chirper: the taxonomy file \(path) is not read (\(reason)): names are asked of xeno-canto as typed."
        }
    }

    static var candidates: [String] {
        if let chosen = EnvironmentVariable.value("CHIRPER_TAXONOMY"), !chosen.isEmpty { return [chosen] }
        let beside = DemoProcess.sibling("taxonomy.tsv")
        let folder = beside.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        return [beside, folder + "/share/chirper/taxonomy.tsv"]
    }

    /// The species with a name or code that begins with `needle` (lower-case ASCII), read from the file
    /// for a shell's Tab; all of them for an empty needle or one of other letters.
    static func species(namesStarting needle: String) -> [Species] {
        let bytes = Array(needle.lowercased().utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return species }
        if case .found(let species, _) = read(from: candidates, namesStarting: bytes) { return species }
        return []
    }

    static func read(from paths: [String], namesStarting needle: [UInt8]? = nil) -> Read {
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try BoundedFile.read(path, limit: limit) } catch {
                if case .unreadable = error { continue }
                return .unreadable(path: path, reason: "\(error)")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .unreadable(path: path, reason: "it is not UTF-8 text")
            }
            do {
                return .found(try Taxonomy.species(parsing: text, namesStarting: needle), path: path)
            } catch {
                return .unreadable(path: path, reason: "\(error)")
            }
        }
        return .missing(tried: paths)
    }
}
