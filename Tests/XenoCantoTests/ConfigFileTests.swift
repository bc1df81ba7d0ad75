import Foundation
import Testing
import XenoCanto

/// A config file is read line by line: a line that cannot be used is named, with its number and what
/// was expected, and every other line still counts. No warning shows a value (it may be the key).
@Suite("The config file, line by line")
struct ConfigFileTests {
    static func read(_ lines: [[UInt8]]) -> ConfigFile {
        ConfigFile(bytes: Array(lines.joined(separator: [0x0A])), path: "/home/u/.config/chirper/config")
    }

    @Test func aLineOfInvalidUTF8IsNamedAndTheRestIsUsed() {
        let file = Self.read([Array("# café".utf8), [0x6E, 0x6F, 0x74, 0x65, 0x20, 0xFF, 0xC3], Array("key = SECRET-KEY".utf8)])
        #expect(file["key"] == "SECRET-KEY")
        #expect(file.warnings == ["chirper: /home/u/.config/chirper/config line 2 is not UTF-8 text, so it is ignored; the other lines are used"])
    }

    @Test func aByteOrderMarkADuplicateAndAnAddressThatIsNotOne() {
        let file = Self.read([[0xEF, 0xBB, 0xBF] + Array("volume = 40".utf8), Array("api-url = notaurl".utf8),
                              Array("key = first".utf8), Array("key = SECOND".utf8), Array("api-url = ftp://h/x".utf8)])
        #expect(file.volume == 40, "the byte-order mark is not part of line 1")
        #expect(file["key"] == "SECOND" && file["api-url"] == nil)
        #expect(file.warnings == [
            "chirper: /home/u/.config/chirper/config line 2: api-url must be an http(s) URL with a host, e.g. https://xeno-canto.org/api/3; the line is ignored",
            "chirper: /home/u/.config/chirper/config line 4 sets `key` again; line 3's value is not used",
            "chirper: /home/u/.config/chirper/config line 5: api-url must be an http(s) URL with a host, e.g. https://xeno-canto.org/api/3; the line is ignored",
        ])
    }

    @Test func aFolderOrAFIFOInTheFilesPlaceIsNamedAndNotRead() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let place = home.appendingPathComponent("chirper/config")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let folder = ConfigFile.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(folder.warnings == ["chirper: \(place.path) is a folder, not a config file; no settings are read from it"])
        try FileManager.default.removeItem(at: place)
        #expect(mkfifo(place.path, 0o600) == 0)
        let fifo = ConfigFile.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(fifo.warnings == ["chirper: \(place.path) is not a regular file, not a config file; no settings are read from it"])
        // A link to a file is read as the file.
        try FileManager.default.removeItem(at: place)
        let kept = home.appendingPathComponent("dotfiles-config")
        try Data("volume = 30\n".utf8).write(to: kept)
        try FileManager.default.createSymbolicLink(atPath: place.path, withDestinationPath: kept.path)
        let linked = ConfigFile.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(linked.volume == 30 && linked.warnings.isEmpty, "\(linked.warnings)")
        try FileManager.default.removeItem(at: place)
        try FileManager.default.createSymbolicLink(atPath: place.path, withDestinationPath: "/dev/null")
        let off = ConfigFile.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(off.warnings.isEmpty && off.volume == nil, "a link to /dev/null is an empty file: \(off.warnings)")
    }

    @Test func aColonInsteadOfEqualsIsNamedWithWhatWasExpected() {
        let file = Self.read([Array("key: SECRET-KEY".utf8), Array("api-url = http://127.0.0.1:1/api/3".utf8)])
        #expect(file["key"] == nil && file["api-url"] == "http://127.0.0.1:1/api/3")
        #expect(file.warnings == ["chirper: /home/u/.config/chirper/config line 1: `key:` is written with a colon; expected `name = value`, e.g. `key = YOUR_KEY` or `api-url = URL`; the line is ignored"])
        #expect(!file.warnings.joined().contains("SECRET"))
    }

    @Test func anUnknownNameIsNamedWithTheKnownOnes() {
        let file = Self.read([Array("volumes = 50".utf8), Array("key = k".utf8), Array("just words".utf8), Array("= SECRET".utf8)])
        #expect(file["key"] == "k")
        #expect(file.warnings == [
            "chirper: /home/u/.config/chirper/config line 1: `volumes` is not a setting; expected `key`, `api-url`, `volume`, `speed`, `per-page`, `device`, `color`, `names` or `plain`; the line is ignored",
            "chirper: /home/u/.config/chirper/config line 3: expected `name = value`, e.g. `key = YOUR_KEY` or `api-url = URL`; the line is ignored",
            "chirper: /home/u/.config/chirper/config line 4: no name before `=`; expected `name = value`, e.g. `key = YOUR_KEY` or `api-url = URL`; the line is ignored",
        ])
        #expect(!file.warnings.joined().contains("SECRET"))
    }

    /// A name made of what a name cannot hold (a key pasted before the `=`, escape bytes) is not quoted.
    @Test func aNameThatIsNotPlainIsNotQuoted() {
        let file = Self.read([Array("SECRET KEY \u{1B}[2J = x".utf8), Array("SECRET\u{1B}]0;x\u{07}: y".utf8)])
        #expect(file.warnings.count == 2)
        #expect(!file.warnings.joined().lowercased().contains("secret") && !file.warnings.joined().contains("\u{1B}"), "\(file.warnings)")
    }

    /// From a file on disk: the invalid byte costs one line, not the key.
    @Test func loadingReadsTheKeyPastAnInvalidByte() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("chirper"), withIntermediateDirectories: true)
        try Data([0xFF, 0x0A] + Array("key = from-file\n".utf8)).write(to: home.appendingPathComponent("chirper/config"))
        let file = ConfigFile.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(file["key"] == "from-file" && file.lines["key"] == 2)
        #expect(file.warnings.count == 1 && file.warnings[0].contains("line 1 is not UTF-8 text"))
    }

    @Test func theOptionsDefaultsAreCheckedAgainstTheirRanges() {
        let file = Self.read(["volume = 80", "speed = 0.5", "per-page = 50", "device = \"bird room\"", "color = Never",
                              "volume = 101", "speed = nan", "per-page = 20", "color = sometimes"].map { Array($0.utf8) })
        #expect(file.volume == 80 && file.speed == 0.5 && file.perPage == 50 && file.device == "bird room" && file.color == "never")
        #expect(file.lines["volume"] == 1 && file.lines["color"] == 5, "the line each value in force came from")
        #expect(file.warnings == [
            "chirper: /home/u/.config/chirper/config line 6: volume must be a whole number from 0 to 100; the line is ignored",
            "chirper: /home/u/.config/chirper/config line 7: speed must be from 0.1 to 2; the line is ignored",
            "chirper: /home/u/.config/chirper/config line 8: per-page must be from 50 to 500; the line is ignored",
            "chirper: /home/u/.config/chirper/config line 9: color must be auto, always or never; the line is ignored",
        ])
    }
}
