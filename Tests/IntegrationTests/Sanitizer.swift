import Foundation

/// Whether this run is `make sanitize`'s, which passes the sanitizers' options down to the tests.
enum Sanitizer {
    static let environment = ProcessInfo.processInfo.environment
    /// ThreadSanitizer delivers signals at points of its own choosing, after the handler returns to
    /// code it watches, so a stop (Ctrl-Z, SIGTSTP) does not happen as job control expects.
    static let isThread = environment["TSAN_OPTIONS"] != nil
    static let isAddress = environment["ASAN_OPTIONS"] != nil
    /// How many times longer a sanitized build takes to stop and exit (its checks at exit included).
    static var slowdown: Double { isThread ? 4 : isAddress ? 2 : 1 }

    /// A sanitized build is slowest of all in a run's first minute: a test that times an exit waits
    /// that out (`StartBurst`) under a sanitizer, and starts at once otherwise.
    static func waitOutStartBurst() async throws {
        if isThread || isAddress { try await StartBurst.waitOut() }
    }
}
