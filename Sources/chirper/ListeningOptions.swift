import ArgumentParser
import Audio
import ChirperApp
import PlaybackModel

/// Slow down and loop, for every command that plays (the keys change both while it plays).
struct ListeningOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Speed, \(PlaybackSpeed.slowest.formatted) to \(PlaybackSpeed.fastest.formatted): 0.5 plays twice as long, pitch kept (see --tape; default: speed in the config file, else 1).", valueName: "rate"))
    var speed: Double?

    @Flag(help: "Pitch follows speed, as a tape: --speed 0.5 --tape is an octave lower, 0.1 a bat detector's time expansion.")
    var tape = false

    @Option(help: ArgumentHelp("Loop a phrase, in seconds of the recording: 1.5-3.2 or 0:01.5-0:03.2; play starts at its start.", valueName: "A-B"))
    var loop: String?

    @Option(name: .customLong("loop-count"), help: ArgumentHelp("Play the looped phrase N times in all, then on past its end (default: until l clears it).", valueName: "N"))
    var loopCount: Int?

    func validate() throws {
        guard speed.map({ $0.isFinite && (PlaybackSpeed.slowest...PlaybackSpeed.fastest).contains($0) }) ?? true else {
            throw ValidationError("--speed must be from \(PlaybackSpeed.slowest.formatted) to \(PlaybackSpeed.fastest.formatted).")
        }
        try OptionRange.check(loopCount, OptionRange.count, "--loop-count must be from 1 to 1000000.")
        if loopCount != nil, loop == nil { throw ValidationError("--loop-count needs --loop A-B.") }
        if let loop, LoopSection(parsing: loop) == nil {
            throw ValidationError("--loop takes A-B in seconds, B at least \(LoopSection.shortest.formatted) s after A: 1.5-3.2 or 0:01.5-0:03.2.")
        }
    }

    var playbackSpeed: PlaybackSpeed { PlaybackSpeed(rate: Configuration.current.speed(option: speed).value, tape: tape) }
    var section: LoopSection? { loop.flatMap { LoopSection(parsing: $0, passes: loopCount) } }
}

private extension Double {
    /// 0.1, 2 (no trailing ".0").
    var formatted: String {
        let text = String(self)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
