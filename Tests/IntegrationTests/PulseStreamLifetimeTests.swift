@testable import Audio
import Foundation
import PlaybackModel
import Locking
import Synchronization
import Testing

extension PlaybackTests {
/// A stream's owner may let go of it while PulseAudio is calling one of its callbacks (browse's `n`
/// pressed as the server runs dry): the stream is then torn down on PulseAudio's thread, at the
/// callback's end, and nothing aborts.
@Suite("a stream let go in its own callback")
struct StreamLifetime {
    final class Owner: Sendable {
        let stream = Locked<PulseStream?>(nil)
        let letGo = Atomic<Bool>(false)
    }

    @Test func theLastReferenceGoingInTheUnderflowCallbackIsSafe() async throws {
        try await letGoInTheCallback(keepingTheConnection: true)
    }

    /// As browse has it: the stream was the connection's last owner, so the connection goes too, on
    /// PulseAudio's own thread (its loop is stopped and freed from another).
    @Test func theConnectionGoingWithItIsSafe() async throws {
        try await letGoInTheCallback(keepingTheConnection: false)
    }

    func letGoInTheCallback(keepingTheConnection: Bool) async throws {
        var connection: PulseConnection? = try PulseConnection()
        weak let weakConnection = connection
        let owner = Owner()
        let format = AudioFormat(sampleRate: 44_100, channels: 1)
        let stream = try PulseStream(connection: connection!, format: format, name: "lifetime test", device: OwnSink.current) { _, signal in
            guard case .ranDry = signal else { return }
            // The owner's reference is the only one: the stream goes when this callback ends.
            owner.stream.withLock { $0 = nil }
            owner.letGo.store(true, ordering: .sequentiallyConsistent)
        }
        let silence = [UInt8](repeating: 0, count: format.bytes(milliseconds: 100))
        try silence.withUnsafeBytes { try stream.write($0) }
        owner.stream.withLock { $0 = stream }
        weak let weakStream = stream
        _ = consume stream
        if !keepingTheConnection { connection = nil }
        let deadline = Date().addingTimeInterval(5)
        while !owner.letGo.load(ordering: .sequentiallyConsistent) && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let ranDry = owner.letGo.load(ordering: .sequentiallyConsistent)
        #expect(ranDry, "the server ran dry")
        try await Task.sleep(for: .milliseconds(200))
        #expect(weakStream == nil, "the stream is gone")
        if let connection {
            // The connection still works: another stream plays and drains.
            let next = try PulseStream(connection: connection, format: format, name: "lifetime test 2", device: OwnSink.current)
            try silence.withUnsafeBytes { try next.write($0) }
            try next.drain()
        } else {
            #expect(weakConnection == nil, "the connection went with it")
        }
    }
}
}
