import Foundation
import Testing

/// Each sound test gets a null sink of its own on the shared PulseAudio daemon: the binary it runs is
/// sent there (PULSE_SINK), in-process players are given it as their device, and `MonitorRecorder`
/// records its monitor. So what one test hears is only its own sound, and sound tests need not wait
/// for each other: they run side by side, at most `SoundTestLimit.width` at once (each plays in real
/// time; the cap keeps two cores from being shared by so many that timing suffers).
struct OwnSink: TestTrait, SuiteTrait, TestScoping {
    /// The sink of the test that runs in this task; nil outside a sound test (the daemon's default).
    @TaskLocal static var current: String?

    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope and a parameterized test's outer scope: each test case gets its sink.
        guard !test.isSuite, testCase != nil, Self.current == nil else { return try await function() }
        await SoundTestLimit.shared.enter()
        do {
            let sink = try await NullSink.load()
            do {
                try await Self.$current.withValue(sink.name) { try await function() }
            } catch {
                await sink.unload()
                throw error
            }
            await sink.unload()
        } catch {
            await SoundTestLimit.shared.leave()
            throw error
        }
        await SoundTestLimit.shared.leave()
    }
}

extension Trait where Self == OwnSink {
    /// A null sink of the test's own (see `OwnSink`).
    static var ownSink: Self { OwnSink() }
}
