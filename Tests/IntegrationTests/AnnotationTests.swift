import DemoCatalog
import Foundation
import PlaybackModel
import Sonogram
import Testing

extension PlaybackTests {
/// xeno-canto's annotation sets, used: the demo catalog's Roesel's Bush-cricket (XC900133) comes with a
/// set of two boxed bursts (0.35–0.55 s and 1.75–1.95 s, 8–10 kHz), credited to its creator.
@Suite("annotations: listed, drawn, gone to")
struct Annotations {
    static let number = "900133"

    /// The boxes are in the PNG where their times and frequencies are on its axes, found on the pixels.
    @Test func theSetsBoxesAreDrawnAtTheirTimesAndFrequencies() async throws {
        let library = Packs.Library()
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("boxes-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try await TestCatalog.withServer { server in
            let drawn = try await library.run(["sonogram", Self.number, "--png", png.path, "--max-khz", "12"] + server.api)
            #expect(drawn.status == 0, "\(drawn.stderr)")
            let terminal = try await library.run(["sonogram", Self.number, "--color", "never", "--lines", "20"] + server.api)
            #expect(terminal.stdout.contains("┌") && terminal.stdout.contains("┘"), "boxes on the terminal's picture too: \(terminal.stdout)")
            #expect(terminal.stdout.contains("Boxes: 2 annotations (chirper marks lists them).")
                    && terminal.stdout.contains("Boxes: annotation set “Chirper demo bursts” by Hannah Becker, CC BY 4.0"), "\(terminal.stdout)")
            let info = try await library.run(["info", Self.number] + server.api)
            #expect(info.stdout.contains("0.35–0.55 s · Roeseliana roeselii · calling song · 8000–10000 Hz"), "\(info.stdout)")
            #expect(info.stdout.contains("From annotation set “Chirper demo bursts” by Hannah Becker, CC BY 4.0."), "\(info.stdout)")
        }
        let image = try PNGImage.read(png.path)
        let figure = Figure(width: image.width, height: image.height, rgb: image.rgb)
        let plot = try #require(figure.plot(), "the axes are found")
        // Where a second is on the time axis: the figure's own mapping, on the sound the MP3 decodes to.
        let entry = try #require(DemoRecordings.builtIn.entry(id: Self.number))
        let file = try await TestCatalog.audio.file(for: try #require(entry.audio))
        let picture = SonogramPicture(try await SonogramMaker.spectrogram(of: .file(file.path), expectedSeconds: entry.recording.duration),
                                      width: plot.width, height: plot.height, maxHertz: 12_000)
        let cyan: (UInt8, UInt8, UInt8) = (0, 255, 255)
        for (start, end) in [(0.35, 0.55), (1.75, 1.95)] {
            let left = plot.x + picture.column(at: start), right = plot.x + picture.column(at: end)
            let top = plot.y + Int((1 - 10_000.0 / 12_000) * Double(plot.height)), bottom = plot.y + Int((1 - 8_000.0 / 12_000) * Double(plot.height))
            let middle = (x: (left + right) / 2, y: (top + bottom) / 2)
            #expect(figure.near(x: left, y: middle.y, cyan), "left edge of \(start) s at x \(left)")
            #expect(figure.near(x: right, y: middle.y, cyan), "right edge of \(end) s at x \(right)")
            #expect(figure.near(x: middle.x, y: top, cyan), "top edge at 10 kHz, y \(top)")
            #expect(figure.near(x: middle.x, y: bottom, cyan), "bottom edge at 8 kHz, y \(bottom)")
            #expect(!figure.near(x: middle.x, y: (plot.y + top) / 2, cyan), "nothing above the box")
        }
    }

    /// `.` goes to each annotation's start and `,` back; m there marks that very point (paused, nothing moves).
    @Test func theNextAnnotationKeyGoesToEachStart() async throws {
        let library = Packs.Library()
        try await TestCatalog.withServer { server in
            let terminal = try TmuxSession(command: [ChirperProcess.binary.path, "play", Self.number] + server.api,
                                           environment: ChirperProcess.environment(extra: library.environment.merging(["TERM": "xterm-256color"]) { $1 }))
            // Paused once sound is heard: a stream paused in its first half second keeps a running clock (docs/architecture.md, "Known faults").
            try await terminal.waitForScreen { $0.contains("▶ 0:01") }
            try terminal.send("Space")
            try await terminal.waitForScreen { $0.contains("(paused)") }
            try terminal.send("p")
            try await terminal.waitForScreen { $0.contains("‖ 0:00 / 0:04") }
            // m at the first start, m again at the second (a region between them), m at the first again.
            for (key, said, marked) in [(".", "at 0:00.", "mark at 0:00."), (".", "at 0:01.", "marked 0:00."), (",", "at 0:00.", "mark at 0:00.")] {
                try terminal.send(key)
                try await terminal.waitForScreen { $0.contains(said) && $0.contains("Roeseliana") }
                try terminal.send("m")
                try await terminal.waitForScreen { $0.contains(marked) }
            }
            try terminal.send(".", ".")
            let end = try await terminal.waitForScreen { $0.contains("no mark or annotation after this") }
            #expect(end.contains("no mark or annotation after this"), "past the last place, . says so: \(end)")
            try terminal.send("q")
            #expect(try await terminal.exitStatus(within: 10) == 0)
            let listed = try await library.run(["marks", Self.number] + server.api)
            #expect(listed.stdout.contains("1  0.35–1.75 s") && listed.stdout.contains("2  0.35 s"), "\(listed.stdout)")
            #expect(listed.stdout.contains("Annotations sent with it:"), "\(listed.stdout)")
        }
    }

    /// An RGB picture and what the tests look for in it.
    struct Figure {
        let width: Int
        let height: Int
        let rgb: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
            guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
            let index = (y * width + x) * 3
            return (rgb[index], rgb[index + 1], rgb[index + 2])
        }

        /// `colour` within 3 pixels of (x, y).
        func near(x: Int, y: Int, _ colour: (UInt8, UInt8, UInt8)) -> Bool {
            for dy in -3...3 {
                for dx in -3...3 { if let found = pixel(x + dx, y + dy), found == colour { return true } }
            }
            return false
        }

        /// The plot's place: the frequency axis is the longest upright line of ink at the left, the time
        /// axis the line of ink from its foot to the right.
        func plot() -> (x: Int, y: Int, width: Int, height: Int)? {
            let ink: (UInt8, UInt8, UInt8) = (20, 20, 20)
            var best: (x: Int, top: Int, length: Int)?
            for x in 0..<min(width, 300) {
                var run = 0
                for y in 0..<height {
                    run = pixel(x, y).map { $0 == ink } == true ? run + 1 : 0
                    if run > (best?.length ?? 0) { best = (x, y - run + 1, run) }
                }
            }
            guard let axis = best, axis.length > 50 else { return nil }
            let foot = axis.top + axis.length - 1
            var right = axis.x
            while pixel(right + 1, foot).map({ $0 == ink }) == true { right += 1 }
            return (axis.x + 1, axis.top, right - axis.x, foot - axis.top)
        }
    }
}
}
