import Audio
import Audio
import FoundationEssentials
import LibraryModel
import XenoCanto

extension Recording {
    /// Where this recording's sound is: a pack's file (its `file` a `file://` URL, as `PackFolder`
    /// gives it, and a regular file inside the packs' folder) or the server's URL; nil for a
    /// restricted recording, or a `file://` URL that names anything else.
    var audioSource: AudioSource? {
        guard let url = audioURL else { return nil }
        guard url.hasPrefix("file://") else { return .url(url) }
        let path = String(url.dropFirst("file://".count))
        let packs = LibraryPaths.standard().packs.path + "/"
        guard path.hasPrefix(packs), !path.split(separator: "/").contains(".."), FileNames.sizeOfFile(atPath: path) != nil else { return nil }
        return .file(path)
    }
}

/// A recording a pack holds, found by its XC number with no request: what `play`, `info`, `sonogram`
/// and `compare` use before asking xeno-canto. The packs' folders are looked in (a stat each), and the
/// `pack.json` of the one that holds the file read: the library is not opened on the way to a sound.
enum PackedFiles {
    /// The recording with its file as a `file://` URL; nil when no pack holds its file.
    static func recording(_ number: String, paths: LibraryPaths = .standard()) -> Recording? {
        guard (1...12).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }),
              let names = try? FileManager.default.contentsOfDirectory(atPath: paths.packs.path) else { return nil }
        for name in names.sorted() {
            guard let packName = PackName(name) else { continue }
            let folder = PackFolder(paths: paths, name: packName)
            guard FileNames.sizeOfFile(atPath: folder.url.appendingPathComponent("XC\(number).mp3").path) != nil,
                  let listed = folder.listed(),
                  let found = listed.objects.indices.lazy.compactMap(listed.recording).first(where: { $0.id == number }) else { continue }
            return folder.playable(found)
        }
        return nil
    }
}
