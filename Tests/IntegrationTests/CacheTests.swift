import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// The recordings cache: whole downloads only, replays without a request, a size limit, --offline.
@Suite("the recordings cache")
struct Cache {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("chirper-cache-\(UUID().uuidString)")
    }

    /// The folder's files but its CACHEDIR.TAG, which marks it as a cache from its first download on.
    static func files(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0 != "CACHEDIR.TAG" }.sorted()
    }

    static func downloads(_ server: DemoServer) -> Int { server.faults.requests.filter { $0.path.hasSuffix(".mp3") }.count }

    @Test func aWholeDownloadIsKeptTheReplayAsksNothingAndOfflinePlaysIt() async throws {
        let cache = Self.directory()
        defer { try? FileManager.default.removeItem(at: cache) }
        // One library for every run: the plays it remembers name the cached files' species.
        let environment = ["CHIRPER_CACHE": cache.path, "XDG_DATA_HOME": cache.path + "-data"]
        let audio = try #require(DemoRecordings.builtIn.entry(id: "900001")?.audio)
        try await TestCatalog.withServer { server in
            let original = try Data(contentsOf: try await server.audio.file(for: audio))
            let first = try await ChirperProcess.run(["play", "900001"] + server.api, environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            let kept = Self.files(cache)
            #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("CACHEDIR.TAG").path), "tagged as a cache")
            #expect(kept.count == 1 && kept[0].hasPrefix("XC900001-") && kept[0].hasSuffix(".mp3"), "\(kept)")
            #expect(try Data(contentsOf: cache.appendingPathComponent(kept[0])) == original, "the very bytes served")

            let recorder = try await MonitorRecorder()
            let replay = try await ChirperProcess.run(["play", "900001"] + server.api, environment: environment)
            let heard = HeardSound(samples: try await recorder.stop())
            #expect(replay.status == 0)
            #expect(Self.downloads(server) == 1, "the replay came from the cache")
            #expect(server.faults.requests.filter { $0.path.hasSuffix("/download") }.count == 1,
                    "nor was its file asked for beside the lookup")
            #expect(abs(heard.hertz - audio.hertz!) <= 5)

            let list = try await ChirperProcess.run(["cache", "list"], environment: environment)
            #expect(list.stdout.contains(kept[0]) && list.stdout.contains("1 recording,"), "\(list.stdout)")
            #expect(list.stdout.contains("XC900001   Great Tit  " + kept[0]), "the number and the species: \(list.stdout)")
        }
        // No server at all: --offline plays from the cache.
        let offline = try await ChirperProcess.run(["play", "XC900001", "--offline", "--api-url", "http://127.0.0.1:9/api/3"], environment: environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        let missing = try await ChirperProcess.run(["play", "900013", "--offline"], environment: environment)
        #expect(missing.status == 5 && missing.stderr.contains("XC900013 is in no pack and not in the cache"), "\(missing.stderr)")
        let clear = try await ChirperProcess.run(["cache", "clear"], environment: environment)
        #expect(clear.stdout.contains("Removed 1 recording") && Self.files(cache).isEmpty)
    }

    @Test func aKilledOrBrokenDownloadNeverLeavesAFileThatLooksWhole() async throws {
        let cache = Self.directory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["CHIRPER_CACHE": cache.path]
        try await TestCatalog.withServer { server in
            // SIGKILL two seconds into a one-minute recording (index 40: XC900041).
            _ = try await server.audio.file(for: DemoRecordings.builtIn.entry(id: "900041")!.audio!)
            let killed = try await ChirperProcess.run(["play", "900041"] + server.api, environment: environment, timeout: 2)
            #expect(killed.timedOut)
            #expect(Self.files(cache).allSatisfy { $0.hasPrefix(".part-") }, "only a temporary file: \(Self.files(cache))")

            // A connection that never recovers, and --no-cache: nothing kept.
            server.faults.audio("900025", .closeMidFile(fraction: 0.3))
            _ = try await ChirperProcess.run(["play", "900025"] + server.api, environment: environment)
            _ = try await ChirperProcess.run(["play", "900001", "--no-cache"] + server.api, environment: environment)
            #expect(Self.files(cache).allSatisfy { $0.hasPrefix(".part-") }, "\(Self.files(cache))")

            // Every byte the server announced, but a file the decoder calls truncated: not kept.
            server.faults.audio("900002", .truncated(fraction: 0.5))
            let cut = try await ChirperProcess.run(["play", "900002"] + server.api, environment: environment)
            #expect(cut.status == 5 && cut.stderr.contains("truncated"), "\(cut.stderr)")
            #expect(Self.files(cache).allSatisfy { $0.hasPrefix(".part-") }, "the cut file is not kept: \(Self.files(cache))")

            // The next run sweeps what the killed one left.
            let next = try await ChirperProcess.run(["play", "900001"] + server.api, environment: environment)
            #expect(next.status == 0)
            #expect(Self.files(cache).count == 1 && Self.files(cache)[0].hasPrefix("XC900001-"), "\(Self.files(cache))")
        }
    }

    @Test func aResumedDownloadIsKeptWholeAndTheLimitEvictsTheLeastRecentlyPlayed() async throws {
        let cache = Self.directory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["CHIRPER_CACHE": cache.path]
        try await TestCatalog.withServer { server in
            let audio = DemoRecordings.builtIn.entry(id: "900001")!.audio!
            let original = try Data(contentsOf: try await server.audio.file(for: audio))
            let other = try Data(contentsOf: try await server.audio.file(for: DemoRecordings.builtIn.entry(id: "900023")!.audio!))
            // Room for either file, not for both.
            let limit = "\((original.count + other.count) / 1000 - 1)K"
            server.faults.audio("900001", .resetAt(fraction: 0.5, times: 1))
            let resumed = try await ChirperProcess.run(["play", "900001", "--cache-size", limit] + server.api, environment: environment)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let kept = Self.files(cache)
            #expect(kept.count == 1, "\(kept)")
            if kept.count == 1 { #expect(try Data(contentsOf: cache.appendingPathComponent(kept[0])) == original, "whole, across the drop") }

            // XC900023 (2 s as well): the two together pass the limit; the one played longer ago goes.
            let second = try await ChirperProcess.run(["play", "900023", "--cache-size", limit] + server.api, environment: environment)
            #expect(second.status == 0)
            #expect(Self.files(cache).count == 1 && Self.files(cache)[0].hasPrefix("XC900023-"), "\(Self.files(cache))")
        }
    }
}
}
