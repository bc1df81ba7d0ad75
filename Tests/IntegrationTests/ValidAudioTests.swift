import DemoCatalog
import Foundation
import Testing

extension PlaybackTests {
/// Files mpg123 plays that Chirper must play too, whole, through the real server, decoder and sound
/// server: an MP3 behind a large cover-art tag, one whose sample rate changes part-way, and a WAV
/// written as a stream. The monitor is recorded to hear all of it.
@Suite("valid audio plays whole")
struct ValidAudio {
    /// XC900001: 2 s at 3000 Hz, 44.1 kHz mono.
    static let id = "900001"

    static func play(with fault: DemoFaults.AudioFault) async throws -> (result: ChirperProcess.Result, heard: HeardSound) {
        let audio = try #require(DemoRecordings.builtIn.entry(id: Self.id)?.audio)
        return try await TestCatalog.withServer { server in
            _ = try await server.audio.file(for: audio)  // encoded before the recording starts
            server.faults.audio(Self.id, fault)
            let recorder = try await MonitorRecorder()
            let result = try await ChirperProcess.run(["play", Self.id] + server.api, timeout: 40)
            return (result, HeardSound(samples: try await recorder.stop()))
        }
    }

    /// 700 KiB of cover art: more than the decoder searches for a first frame, and no audio in it.
    @Test func anMP3BehindA700KiBCoverArtTagPlaysWhole() async throws {
        let (result, heard) = try await Self.play(with: .coverArt(bytes: 700 * 1024))
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(abs(heard.hertz - 3_000) <= 5, "heard \(heard.hertz) Hz")
        #expect(abs(heard.audibleSeconds - 2) <= 0.3, "heard \(heard.audibleSeconds) s")
    }

    /// The same 2 s tone at 22.05 kHz, then again at 44.1 kHz: a new format part-way, the output stream
    /// made again for it; both parts heard at their pitch, and the play exits 0.
    @Test func anMP3WhoseSampleRateChangesPartWayPlaysBothPartsAndExits0() async throws {
        let (result, heard) = try await Self.play(with: .rateChange(from: 22_050, to: 44_100))
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(!result.stderr.contains("ended early"), "\(result.stderr)")
        #expect(abs(heard.audibleSeconds - 4) <= 0.3, "both parts heard, none of the join lost: \(heard.audibleSeconds) s of 4")
        let runs = heard.pitchRuns()
        #expect(runs.allSatisfy { abs($0.hertz - 3_000) <= 10 }, "each part at its pitch: \(runs)")
        #expect(runs.map(\.seconds).reduce(0, +) >= 3.5, "\(runs)")
    }

    /// RIFF and data sizes of 0 or 0xFFFFFFFF, as a recorder that streams writes them.
    @Test(arguments: [UInt32(0), 0xFFFF_FFFF])
    func aStreamingWAVPlaysToTheEndOfTheFile(declaredSize: UInt32) async throws {
        let (result, heard) = try await Self.play(with: .streamingWAV(declaredSize: declaredSize))
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(abs(heard.hertz - 3_000) <= 5, "heard \(heard.hertz) Hz")
        #expect(abs(heard.audibleSeconds - 2) <= 0.3, "heard \(heard.audibleSeconds) s")
    }
}
}
