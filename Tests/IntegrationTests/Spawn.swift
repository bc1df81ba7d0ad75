import Foundation

/// Runs a program the way a shell would: with no blocked signals and no inherited descriptors beyond
/// stdin/out/err. A child started from a test thread inherits that thread's signal mask, and a daemon
/// (tmux's server, pulseaudio) forked by it would hold Foundation's descriptors open, so the child would
/// not be seen to exit until the daemon did.
enum Spawn {
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, output wanted: Bool = true) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c",
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.closerange(3, 65536); os.execv(sys.argv[1], sys.argv[1:])",
            executable] + arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = wanted ? pipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = wanted ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// `run` on a thread of its own, for async tests: waiting for a child must not hold one of the few
    /// threads that run Swift tasks, which the in-process demo server needs to answer that very child.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try run(executable, arguments, environment: environment, output: true) })
            }.start()
        }
    }
}
