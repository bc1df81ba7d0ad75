import Audio
import ChirperCore
import MediaControl
import PlaybackModel
import Sonogram
import XenoCanto

/// Everything that can wake a full-screen loop that plays (browse, the quiz): one stream of them, in order.
enum ScreenInput: Sendable {
    case keys([TerminalKey])
    /// A line typed in the linear mode (the terminal echoing it), read as the screen's commands.
    case line(String)
    /// The linear mode's input ended (a piped script of answers ran out).
    case inputEnded
    case list(ListEvent)
    /// An event of the play numbered `generation`; events of a play already replaced are dropped.
    case playback(generation: Int, recordingID: String, PlaybackEvent)
    /// A sonogram asked for with v, made or failed.
    case sonogram(id: String, Result<Spectrogram, PlaybackError>)
    /// The starred rows as the list holds them, and why a star was not kept.
    case starred(Set<String>, notice: String?)
    /// The searches the library remembers, newest first.
    case pastSearches([String])
    /// A line for the screen: something the library could not keep.
    case notice(String)
    /// What the library did with a mark made in browse on recording `recordingID`.
    case markKept(recordingID: String, MarkedRegion, PlayingModel.MarkOutcome)
    /// The marks the library holds on recording `recordingID` (browse reads them as it begins to play).
    case marksRead(recordingID: String, [MarkedRegion])
    /// What the desktop asks of the player (media keys, playerctl).
    case desktop(MediaRequest)
    case tick
    case resize
    /// The program was suspended and continued (Ctrl-Z, then fg): the screen was another's meanwhile.
    case continued
    case terminate
}

extension ScreenInput {
    /// Decodes `recording` into a spectrogram off the loop, and sends it (or why not) back as `.sonogram`.
    static func makeSonogram(of recording: Recording, into continuation: AsyncStream<ScreenInput>.Continuation) {
        guard let source = recording.audioSource else { return }
        Task {
            do throws(PlaybackError) {
                let made = try await SonogramMaker.spectrogram(of: source, expectedSeconds: recording.duration)
                continuation.yield(.sonogram(id: recording.id, .success(made)))
            } catch {
                continuation.yield(.sonogram(id: recording.id, .failure(error)))
            }
        }
    }
}
