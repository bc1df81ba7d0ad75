import FoundationEssentials
import XenoCanto

/// libFuzzer target: arbitrary bytes as a `--species` file and as the config file, the two files a
/// person writes for Chirper. Reading either must never crash and must stay linear in its length (a
/// quadratic reader runs into libFuzzer's -timeout); what is read must be what the readers promise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpeciesAndConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    if SpeciesList.firstLongLine(in: text, limit: BoundedFile.lineLimit) == nil {
        let names = SpeciesList.names(in: text)
        precondition(Set(names.map { SpeciesList.folded($0.text) }).count == names.count, "a species named twice: \(names)")
        for name in names {
            precondition(!name.text.isEmpty && !name.text.contains(where: \.isNewline), "not one name: \(name.text.debugDescription)")
        }
        if let first = names.first {
            _ = SpeciesList.closest(to: first.text, in: ["Great Tit", "Parus major", "Common Blackbird", first.text + " x"])
        }
    }
    let config = ConfigFile(bytes: bytes, path: "config")
    precondition(config.values.keys.allSatisfy(ConfigFile.names.contains), "an unknown setting kept: \(config.values.keys)")
    precondition(config.values.keys.allSatisfy { config.lines[$0] != nil }, "a setting without its line")
    if let volume = config.volume { precondition(ConfigFile.volumes.contains(volume)) }
    if let speed = config.speed { precondition(ConfigFile.speeds.contains(speed)) }
    return 0
}
