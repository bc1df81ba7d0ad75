import Foundation

/// A null sink loaded for one test, unloaded after it. Named after this process, so that the sinks a
/// killed test run left on a daemon still running are unloaded by the next run, and no other run's.
struct NullSink {
    let name: String
    let module: String

    static let prefix = "chirper_test_"

    static func load() async throws -> NullSink {
        await sweep.value
        let name = prefix + "\(getpid())_" + UUID().uuidString.prefix(8).lowercased()
        let loaded = try await Spawn.run("/usr/bin/pactl", ["load-module", "module-null-sink", "sink_name=\(name)", "rate=48000"])
        let module = loaded.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard loaded.status == 0, Int(module) != nil else {
            throw SinkFailure(reason: "pactl load-module module-null-sink exited \(loaded.status): \(loaded.output)")
        }
        // PipeWire's server answers load-module before the sink exists: wait until it is listed, or a
        // stream sent there would go to the default sink and the monitor would hear nothing.
        for _ in 0..<100 {
            if try await index(of: name, among: "sinks") != nil { return NullSink(name: name, module: module) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SinkFailure(reason: "sink \(name) never appeared after pactl load-module")
    }

    /// A sink left loaded is harmless to the tests (no one plays to it), so a failure here is not theirs.
    func unload() async {
        _ = try? await Spawn.run("/usr/bin/pactl", ["unload-module", module])
    }

    /// The volume, in percent of full, of the streams that play to sink `name` now (its first
    /// channel's), from `pactl list sink-inputs`.
    static func streamVolumes(on name: String) async throws -> [Int] {
        guard let index = try await index(of: name, among: "sinks") else { return [] }
        let inputs = try await Spawn.run("/usr/bin/pactl", ["list", "sink-inputs"])
        var volumes: [Int] = []
        var onSink = false
        for line in inputs.output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("Sink Input #") { onSink = false }
            if line.hasPrefix("Sink:") { onSink = line.dropFirst(5).trimmingCharacters(in: .whitespaces) == String(index) }
            if onSink, line.hasPrefix("Volume:"), let percent = line.split(separator: "/").dropFirst().first {
                volumes.append(Int(percent.trimmingCharacters(in: .whitespaces).dropLast()) ?? -1)
            }
        }
        return volumes
    }

    /// The server's index of the sink or source (`kind`: "sinks" or "sources") called `name`, as
    /// `pactl list short` lists it; nil when it is not listed.
    static func index(of name: String, among kind: String) async throws -> String? {
        let listed = try await Spawn.run("/usr/bin/pactl", ["list", "short", kind])
        return listed.output.split(separator: "\n").map { $0.split(separator: "\t") }
            .first { $0.dropFirst().first == Substring(name) }?.first.map(String.init)
    }

    /// Once per process: unloads the test sinks of runs that are no longer running.
    static let sweep = Task {
        guard let listed = try? await Spawn.run("/usr/bin/pactl", ["list", "short", "modules"]) else { return }
        for line in listed.output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, let start = fields[2].range(of: "sink_name=" + prefix) else { continue }
            let pid = fields[2][start.upperBound...].prefix { $0.isNumber }
            guard let owner = Int32(pid), owner != getpid(), kill(owner, 0) != 0 else { continue }
            _ = try? await Spawn.run("/usr/bin/pactl", ["unload-module", String(fields[0])])
        }
    }

    struct SinkFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
