import ChirperHTTP
import DemoCatalog
import Foundation
import Glibc
import Testing
import XenoCanto
import ChirperCore
import Sonogram
import XenoCantoHTTP

/// `chirper sonogram` against the demo catalog: the axis fitted to the sound or to --max-khz, and the PNG figure.
@Suite("chirper sonogram")
struct SonogramCommandTests {
    @Test func aSonogramsAxisFitsItsSoundOrMaxKHzAndCanBeAPNG() async throws {
        // XC900009: a 24 kHz mono sweep from 1 to 3 kHz.
        let audio = try #require(DemoRecordings.builtIn.entry(id: "900009")?.audio)
        #expect(audio.sampleRate == 24_000 && audio.channels == 1)
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("sonogram-\(UUID().uuidString).png").path
        defer { unlink(png) }
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["sonogram", "900009", "--lines", "24", "--png", png] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[0].hasPrefix("XC900009 · Tawny Owl"))
            #expect(lines[1].hasPrefix("   4 kHz ┤"), "the axis fitted to a sweep below 3 kHz (4 kHz the least): \(lines[1])")
            let whole = try await ChirperProcess.run(["sonogram", "900009", "--lines", "24", "--max-khz", "12"] + server.api)
            #expect(whole.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("  12 kHz ┤") == true, "\(whole.stdout)")
            #expect(lines.contains { $0.hasPrefix("   0 kHz ┤") })
            #expect(!result.stdout.contains("\u{1B}"), "no escape codes into a pipe")
            #expect(lines.contains { $0.hasPrefix("Wrote \(png) (") })
            let image = try PNGImage.read(png)
            #expect(image.width == 1000 && image.height == 500, "a figure's size by default")
            let sized = try await ChirperProcess.run(["sonogram", "900009", "--png", png, "--width", "640", "--height", "360"] + server.api)
            #expect(sized.status == 0, "\(sized.stderr)")
            let smaller = try PNGImage.read(png)
            #expect(smaller.width == 640 && smaller.height == 360)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: png))
        let notMP3 = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).mp3")
        try Data("<html>not audio</html>".utf8).write(to: notMP3)
        defer { try? FileManager.default.removeItem(at: notMP3) }
        let bad = try await ChirperProcess.run(["sonogram", notMP3.path, "--png", png])
        #expect(bad.status == 5)
        #expect(bad.stderr.contains("not an MP3 stream"), "\(bad.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == before, "bad input leaves the PNG already there as it was")
        let directory = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        #expect(!directory.contains { $0.hasPrefix(URL(fileURLWithPath: png).lastPathComponent + ".part") }, "no temporary file left")
    }
}
