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

    public init(server: String?, device: String?, volume: Int?, cacheLimit: Int?, speed: PlaybackSpeed, loop: LoopSection?) {
        self.server = server
        self.device = device
        self.volume = volume
        self.cacheLimit = cacheLimit
        self.speed = speed
        self.loop = loop
    }

    /// The player's options, with the cache opened.
    func playerOptions() -> PlaybackEngine.Options {
        PlaybackEngine.Options(server: server, device: device, volume: volume.map { Double($0) / 100 }, cache: openCache(),
                               speed: speed, loop: loop)
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
