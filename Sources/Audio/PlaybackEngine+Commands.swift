import PlaybackModel

extension PlaybackEngine {
    /// How long `takeCommands` waits for another key after a seek, and for how long at most in all.
    static let seekSettle = Duration.milliseconds(150)
    static let seekSettleAtMost = Duration.milliseconds(600)

    /// Seeks pressed in a row are one seek: one jump, at most one Range request.
    static func add(_ command: ListeningCommand, to commands: inout [ListeningCommand]) {
        if case .seek(let step) = command, case .seek(let earlier)? = commands.last {
            commands[commands.count - 1] = .seek(by: earlier + step)
        } else {
            commands.append(command)
        }
    }

    /// The commands sent since the last call. Seeks pressed in a burst (a key held down, or tapped
    /// quickly) are one seek, so a jump a minute ahead makes one Range request, not one per key: after a
    /// seek, keys are gathered until none has come for `seekSettle`, or for `seekSettleAtMost` in all so
    /// the position still moves while a key is held.
    func takeCommands() async -> [ListeningCommand] {
        func take() -> [ListeningCommand] { control.withLock { state in defer { state.commands = [] }; return state.commands } }
        var commands = take()
        guard case .seek? = commands.last else { return commands }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.seekSettleAtMost
        while clock.now < deadline, !stopped {
            try? await Task.sleep(for: Self.seekSettle)
            let more = take()
            if more.isEmpty { break }
            for command in more { Self.add(command, to: &commands) }
            guard case .seek? = commands.last else { break }
        }
        return commands
    }
}
