import Audio
import PlaybackModel

/// How a command that plays makes its sound: where to, how loud, the cache, the speed and the loop.
public struct SoundChoice: Sendable {
    public var server: String?
    public var device: String?
    /// 0 to 100; nil leaves it to the sound server.
    public var volume: Int?
    /// The cache's size limit in bytes; nil: neither keep downloads nor play from the cache.
    public var cacheLimit: Int?
    public var speed: PlaybackSpeed
    public var loop: LoopSection?
    /// What the program began before its arguments were parsed, for the engine to take.
    public var startWork: StartWork?

    public init(server: String?, device: String?, volume: Int?, cacheLimit: Int?, speed: PlaybackSpeed, loop: LoopSection?,
                startWork: StartWork? = nil) {
        self.server = server
        self.device = device
        self.volume = volume
        self.cacheLimit = cacheLimit
        self.speed = speed
        self.loop = loop
        self.startWork = startWork
    }

    /// The player's options, with the cache opened.
    func playerOptions() -> PlaybackEngine.Options {
        PlaybackEngine.Options(server: server, device: device, volume: volume.map { Double($0) / 100 }, cache: openCache(),
                               speed: speed, loop: loop, startWork: startWork)
    }

    /// Opens the recordings cache and sweeps the temporary files of downloads killed mid-way (beside the
    /// play: the first sound does not wait for a directory listing); nil when no cache is wanted.
    private func openCache() -> AudioCache? {
        guard let cacheLimit else { return nil }
        let cache = AudioCache(directory: AudioCache.defaultDirectory(), limit: cacheLimit)
        Task.detached(priority: .background) { cache.sweep() }
        return cache
    }
}
