import Foundation
import Testing

/// `chirper demo` and `chirper serve-demo` start the demo catalog as a program of its own
/// (`chirper-demo`, beside `chirper`): the player's binary links no HTTP server. These run the built
/// binaries as a user would and check the server comes and goes with them.
@Suite(.serialized, .ownSink) struct DemoCommandTests {
    /// Whether something answers on the catalog's port.
    static func listening(_ apiURL: String) -> Bool {
        guard let port = URL(string: apiURL)?.port else { return false }
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The URL in a line such as `Demo catalog on http://127.0.0.1:PORT/api/3 (key "demo")`.
    static func apiURL(in text: String) -> String? {
        guard let start = text.range(of: "http://127.0.0.1:") else { return nil }
        return String(text[start.lowerBound...].prefix { !$0.isWhitespace })
    }

    /// `startBlocking` on a thread of its own: the reading waits for seconds (the demo server encodes
    /// what it plays first), and on one of the two threads that run Swift tasks it starved the other
    /// tests' in-process servers (their clients timed out after 30 s).
    static func start(_ arguments: [String], until enough: @escaping @Sendable (String) -> Bool) async throws -> (Process, String) {
        let environment = ChirperProcess.environment(extra: [:])  // here: the test's sink is a task-local value
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try startBlocking(arguments, environment: environment, until: enough) })
            }.start()
        }
    }

    /// Starts chirper with `arguments`, its standard output on a pipe, and reads until `enough` says so.
    private static func startBlocking(_ arguments: [String], environment: [String: String],
                                      until enough: (String) -> Bool) throws -> (Process, String) {
        let process = Process()
        process.executableURL = ChirperProcess.binary
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !enough(text) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return (process, text)
    }

    @Test func demoSearchesThenPlaysTheFirstResultAndTakesItsServerAlong() async throws {
        let recorder = try await MonitorRecorder()
        let result = try await ChirperProcess.run(["demo", "nr:900001"])
        let heard = HeardSound(samples: try await recorder.stop())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Demo catalog on http://127.0.0.1:"), "\(result.stdout)")
        #expect(result.stdout.contains("Playing the first result:"), "\(result.stdout)")
        #expect(heard.audibleSeconds > 1.5, "heard \(heard.audibleSeconds) s")
        let url = try #require(Self.apiURL(in: result.stdout))
        #expect(!Self.listening(url), "the demo server ended with chirper demo")
    }

    @Test func aKilledDemoLeavesNoServerBehind() async throws {
        // A long one: killed while it plays.
        let (process, text) = try await Self.start(["demo", "nr:900042"]) { Self.apiURL(in: $0) != nil && $0.contains("Playing the first result") }
        let url = try #require(Self.apiURL(in: text), "\(text)")
        #expect(Self.listening(url))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let deadline = ContinuousClock.now + .seconds(5)
        while Self.listening(url), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!Self.listening(url), "the server saw its parent go and went too")
    }

    @Test func serveDemoRunsTheCatalogUntilInterrupted() async throws {
        let (process, text) = try await Self.start(["serve-demo", "--key", "k3y"]) { $0.contains("\n") }
        #expect(text.hasPrefix("Demo catalog: http://127.0.0.1:"), "\(text)")
        let url = try #require(Self.apiURL(in: text))
        let search = try await ChirperProcess.run(["search", "gen:parus", "--api-url", url, "--key", "k3y"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("Great Tit"))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(!Self.listening(url))
    }
}
