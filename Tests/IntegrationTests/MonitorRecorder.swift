import Foundation

/// Records the default sink's monitor with `parec` (raw s16le mono 48 kHz, low latency, so an idle null
/// sink starts new streams at once), and measures what was heard.
final class MonitorRecorder {
    static let rate = 48_000
    private let process = Process()
    private let file: URL

    /// Returns once the recording stream is there, so nothing played after it is missed (PipeWire's
    /// server links a new recording stream a while after parec has started).
    init() async throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-monitor-\(UUID().uuidString).raw")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let sink = try OwnSink.current ?? MonitorRecorder.defaultSink()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = ["-d", sink + ".monitor", "--raw", "--format=s16le", "--rate=\(Self.rate)", "--channels=1", "--latency-msec=5"]
        process.standardOutput = try FileHandle(forWritingTo: file)
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if try await Self.isRecording(sink + ".monitor", process: process.processIdentifier) { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(at: file)
        throw NullSink.SinkFailure(reason: "parec never recorded \(sink).monitor")
    }

    /// Whether process `pid`'s recording stream reads from source `name`.
    private static func isRecording(_ name: String, process pid: Int32) async throws -> Bool {
        guard let index = try await NullSink.index(of: name, among: "sources") else { return false }
        let outputs = try await Spawn.run("/usr/bin/pactl", ["list", "source-outputs"])
        return outputs.output.components(separatedBy: "Source Output #").contains { block in
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return lines.contains("Source: \(index)") && lines.contains("application.process.id = \"\(pid)\"")
        }
    }

    static func defaultSink() throws -> String {
        let pactl = Process()
        pactl.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        pactl.arguments = ["get-default-sink"]
        let pipe = Pipe()
        pactl.standardOutput = pipe
        try pactl.run()
        let name = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        pactl.waitUntilExit()
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops recording and returns the samples.
    func stop() async throws -> [Int16] {
        try await Task.sleep(for: .milliseconds(300))  // the sink's latency: let the tail arrive
        // SIGKILL: a child started from a test thread inherits its blocked signals, SIGTERM among them.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: file) }
        let data = try Data(contentsOf: file)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}

/// What a recording of the monitor says: how long there was sound, and at what pitch.
struct HeardSound {
    let samples: [Int16]
    let rate = MonitorRecorder.rate
    static let threshold: Int16 = 1500

    /// First to last loud sample, in seconds.
    var audibleSeconds: Double {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > Int(Self.threshold) }),
              let last = samples.lastIndex(where: { abs(Int($0)) > Int(Self.threshold) }) else { return 0 }
        return Double(last - first) / Double(rate)
    }

    /// The pitch of the loud parts: in each loud stretch (fades trimmed), the time between the first and
    /// the last sign change, interpolated between samples, against the number of half periods. Exact for a
    /// pure tone, which is what the test files hold; the silences between calls are skipped.
    var hertz: Double {
        let block = rate / 100
        var halfPeriods = 0.0
        var seconds = 0.0
        for stretch in loudStretches(block: block) {
            guard stretch.count > 8 * block else { continue }
            let trimmed = (stretch.lowerBound + 2 * block)..<(stretch.upperBound - 2 * block)
            var crossings: [Double] = []
            for index in (trimmed.lowerBound + 1)..<trimmed.upperBound {
                let (a, b) = (Double(samples[index - 1]), Double(samples[index]))
                if (a < 0) != (b < 0) { crossings.append(Double(index - 1) + a / (a - b)) }
            }
            guard crossings.count > 2 else { continue }
            halfPeriods += Double(crossings.count - 1)
            seconds += (crossings.last! - crossings.first!) / Double(rate)
        }
        return seconds > 0 ? halfPeriods / 2 / seconds : 0
    }

    /// The pitches heard one after another: the pitch of each loud 100 ms window, windows of the same
    /// pitch (within `tolerance` Hz) joined into runs. A queue of tones comes out as one run per track.
    func pitchRuns(tolerance: Double = 12) -> [(hertz: Double, seconds: Double)] {
        let window = rate / 10
        var runs: [(hertz: Double, seconds: Double)] = []
        var start = 0
        while start + window <= samples.count {
            let heard = HeardSound(samples: Array(samples[start..<(start + window)]))
            start += window
            let hertz = heard.hertz
            guard hertz > 0 else { continue }
            if let last = runs.last, abs(last.hertz - hertz) <= tolerance {
                let seconds = last.seconds + 0.1
                runs[runs.count - 1] = ((last.hertz * last.seconds + hertz * 0.1) / seconds, seconds)
            } else {
                runs.append((hertz, 0.1))
            }
        }
        // A window that straddles two tracks measures neither: drop such one-window runs.
        return runs.filter { $0.seconds > 0.15 }
    }

    /// The longest stretch of silence (every sample under `threshold`) between the first and the last
    /// loud sample, in milliseconds: the gap between tracks that should follow one another.
    func longestSilence(threshold: Int16 = 500) -> Double {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > Int(threshold) }),
              let last = samples.lastIndex(where: { abs(Int($0)) > Int(threshold) }) else { return 0 }
        var longest = 0
        var run = 0
        for sample in samples[first...last] {
            if abs(Int(sample)) <= Int(threshold) {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        return Double(longest) * 1000 / Double(rate)
    }

    /// The longest unbroken sound (10 ms blocks that each hold a loud sample), in seconds.
    var longestSound: Double {
        Double(loudStretches(block: rate / 100).map(\.count).max() ?? 0) / Double(rate)
    }

    /// How many times the sound starts (after silence of 10 ms or more).
    var soundStarts: Int { loudStretches(block: rate / 100).count }

    /// Runs of 10 ms blocks that hold a loud sample.
    private func loudStretches(block: Int) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start: Int?
        var index = 0
        while index + block <= samples.count {
            let loud = samples[index..<(index + block)].contains { abs(Int($0)) > Int(Self.threshold) }
            if loud, start == nil { start = index }
            if !loud, let begun = start {
                stretches.append(begun..<index)
                start = nil
            }
            index += block
        }
        if let begun = start { stretches.append(begun..<index) }
        return stretches
    }
}
