import Audio
import FoundationEssentials
import Library
import XenoCanto

extension Recording {
    /// Where this recording's sound is: a pack's file (its `file` a `file://` URL, as the library gives
    /// it) or the server's URL; nil for a restricted recording.
    var audioSource: AudioSource? {
        guard let url = audioURL else { return nil }
        if url.hasPrefix("file://") { return .file(String(url.dropFirst("file://".count))) }
        return .url(url)
    }
}

/// A recording a pack holds, found by its XC number with no request: what `play`, `info`, `sonogram`
/// and `compare` use before asking xeno-canto. Nothing is opened when there is no library yet.
enum PackedFiles {
    /// The recording with its file as a `file://` URL; nil when no pack holds its file (or the library
    /// cannot be read: then xeno-canto is asked, as without a library).
    static func recording(_ number: String, paths: LibraryPaths = .standard()) -> Recording? {
        guard FileManager.default.fileExists(atPath: paths.database.path),
              let library = try? SQLiteLibrary(paths: paths),
              let (pack, member) = (try? library.packedRecording(id: number)) ?? nil, let file = member.file else { return nil }
        let path = paths.folder(ofPack: pack).appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var recording = member.recording
        recording.fileURL = "file://" + path
        return recording
    }
}
