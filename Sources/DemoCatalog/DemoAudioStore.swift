import Foundation

/// The demo catalog's MP3 files, encoded on first use with `lame` (Debian's `lame` package, which
/// `make deps` installs) and kept in a cache folder, so later runs serve them at once.
public actor DemoAudioStore {
    public enum Failure: Error, CustomStringConvertible {
        case encoderMissing
        case encoderFailed(status: Int32, detail: String)

        public var description: String {
            switch self {
            case .encoderMissing:
                return "the demo catalog encodes its MP3s with `lame`, which is not installed: run `make deps` (or apt-get install lame)"
            case .encoderFailed(let status, let detail):
                return "lame failed (exit \(status)): \(detail)"
            }
        }
    }

    public let directory: URL
    private var inFlight: [AudioSpec: Task<URL, any Error>] = [:]

    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/chirper/demo-audio`, else `~/.cache/chirper/demo-audio`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return URL(fileURLWithPath: base).appendingPathComponent("chirper/demo-audio")
    }

    /// The MP3 for this spec, encoding it first if no earlier run did. Concurrent callers share one encode.
    public func file(for spec: AudioSpec) async throws -> URL {
        let target = target(of: spec)
        if FileManager.default.fileExists(atPath: target.path) { return target }
        if let running = inFlight[spec] { return try await running.value }
        let directory = self.directory
        let task = Task {
            try await DemoAudioStore.encodeOffThePool(spec, to: target, in: directory)
        }
        inFlight[spec] = task
        defer { inFlight[spec] = nil }
        return try await task.value
    }

    /// Runs `encode` on a Dispatch thread. It blocks for seconds (synthesis, then waiting for lame), and
    /// on the cooperative pool, two cores wide here, two encodes at once stalled every task in the
    /// process: a test's own server stopped answering on a fresh machine, where nothing is encoded yet.
    private static func encodeOffThePool(_ spec: AudioSpec, to target: URL, in directory: URL) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try encode(spec, to: target, in: directory) })
            }
        }
    }

    /// Encodes every spec not yet in the folder, as many at a time as there are cores, so that a test
    /// run on a fresh machine pays for the encoding once, up front, and not inside the tests' time limits.
    public func prepare(_ specs: some Sequence<AudioSpec>) async throws {
        let missing = Array(Set(specs)).filter { !FileManager.default.fileExists(atPath: target(of: $0).path) }
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, spec) in missing.enumerated() {
                if index >= width { try await group.next() }
                group.addTask { _ = try await self.file(for: spec) }
            }
            try await group.waitForAll()
        }
    }

    private func target(of spec: AudioSpec) -> URL {
        directory.appendingPathComponent(spec.fileStem + ".mp3")
    }

    /// Writes raw PCM to a temporary file, runs lame on it, and renames the result into place only when
    /// complete, so an interrupted encode never leaves a file that looks whole.
    private static func encode(_ spec: AudioSpec, to target: URL, in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let unique = UUID().uuidString
        let raw = directory.appendingPathComponent(".\(spec.fileStem)-\(unique).raw")
        let partial = directory.appendingPathComponent(".\(spec.fileStem)-\(unique).mp3.part")
        defer {
            try? FileManager.default.removeItem(at: raw)
            try? FileManager.default.removeItem(at: partial)
        }
        FileManager.default.createFile(atPath: raw.path, contents: nil)
        let handle = try FileHandle(forWritingTo: raw)
        let synth = AudioSynth(spec: spec)
        var frame = 0
        while frame < synth.frameCount {
            let end = min(synth.frameCount, frame + 65_536)
            try handle.write(contentsOf: synth.block(frames: frame..<end))
            frame = end
        }
        try handle.close()

        guard let lame = executable("lame") else { throw Failure.encoderMissing }
        let process = Process()
        process.executableURL = lame
        let kilohertz = String(format: "%g", Double(spec.sampleRate) / 1000)
        process.arguments = [
            "--quiet", "-r", "-s", kilohertz, "--bitwidth", "16", "--signed", "--little-endian",
            "-m", spec.channels == 1 ? "m" : "j", "-b", String(spec.bitRate), raw.path, partial.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let detail = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.encoderFailed(status: process.terminationStatus, detail: String(decoding: detail.prefix(300), as: UTF8.self))
        }
        // rename(2) replaces atomically: another process (a `chirper demo` beside the tests) may have
        // put the same file in place meanwhile, and a reader never sees the name without a whole file.
        guard rename(partial.path, target.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
        return target
    }

    private static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
