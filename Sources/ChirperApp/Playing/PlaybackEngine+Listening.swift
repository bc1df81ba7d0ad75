import Audio
import ChirperCore

/// The listening keys' commands, as the engine takes them, for every screen that plays.
extension PlaybackEngine {
    /// The engine's command for a listening command that is one: sent at once, in the order the keys
    /// came. Pause and volume are calls of their own (`listen`); `otherSide` is the screen's to turn into
    /// a `play`.
    static func command(for listening: ListeningCommand) -> Command? {
        switch listening {
        case .next: return .next
        case .previous: return .previous
        case .seek(let seconds): return .seek(by: seconds)
        case .speed(let change): return .speed(change)
        case .markLoop: return .markLoop
        case .play(let index, let seconds): return .play(index: index, from: seconds)
        case .togglePause, .volume, .otherSide: return nil
        }
    }

    /// Carries out a listening command; returns the new volume when it changed one.
    @discardableResult
    func listen(_ listening: ListeningCommand) async -> Double? {
        switch listening {
        case .togglePause: await togglePause()
        case .volume(let step): return await changeVolume(by: step)
        default: if let command = Self.command(for: listening) { send(command) }
        }
        return nil
    }
}
