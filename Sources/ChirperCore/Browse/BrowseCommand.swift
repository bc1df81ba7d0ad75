import PlaybackModel
import XenoCanto

/// What the model asks its caller to do.
public enum BrowseCommand: Equatable, Sendable {
    case fetch(SearchQuery, page: Int)
    /// Stop whatever plays and play this recording.
    case play(Recording)
    /// Stop whatever plays and play every row from this one on, into the pages still to load.
    case playAll(fromRow: Int)
    /// Decode this recording into a spectrogram and hand it to `receiveSonogram`.
    case makeSonogram(Recording)
    /// A listening key for what plays (pause, seek, volume, next, speed, loop).
    case listen(ListeningCommand)
    case stopPlayback
    /// Put the recording on `list` (`starred` for f), or take it off.
    case star(Recording, list: String, on: Bool)
    /// Open the recording's page on xeno-canto in the desktop's browser (`o`).
    case openPage(Recording)
    /// Put the recording's XC number on the terminal's clipboard (`y`, and only then).
    case copyNumber(Recording)
    /// Keep `region` as a mark on `recording` (in place of mark `replacing`, the point it was opened
    /// with); the answer comes back as `kept`.
    case keepMark(Recording, MarkedRegion, replacing: Int64?)
    /// Read the marks the library holds on `recording`, which begins to play; the answer comes back as
    /// `learnMarks`.
    case readMarks(Recording)
    /// Leave browse; `interrupted` for Ctrl-C (exit 130).
    case quit(interrupted: Bool)
}
