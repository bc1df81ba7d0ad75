import Audio
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
