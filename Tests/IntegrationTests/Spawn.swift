import Foundation
import Glibc

/// Runs a program the way a shell would: with no blocked signals and no inherited descriptors beyond
/// stdin/out/err. A child started from a test thread inherits that thread's signal mask, and a daemon
/// (tmux's server, pulseaudio) forked by it would hold descriptors of ours open, so the child would
/// not be seen to exit until the daemon did.
///
/// Started with posix_spawn and waited for with waitpid, not with Foundation's `Process`: `Process`
/// learns that a child ended when a socket the child inherited closes, and then waits for it with a
/// blocking waitpid on the one thread that watches every child. A child that closes its inherited
/// descriptors (this one does, and so does `script`) made that thread wait for it to end; meanwhile no
/// other child's end was seen, tests blocked on them, and the in-process servers starved for 30 s.
enum Spawn {
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, output wanted: Bool = true) throws -> (status: Int32, output: String) {
        let wrapper = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.closerange(3, 65536); os.execv(sys.argv[1], sys.argv[1:])"
        let argv = ["/usr/bin/python3", "-c", wrapper, executable] + arguments
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { "\($0.key)=\($0.value)" }

        // A socket pair made close-on-exec at once: a child that another thread starts meanwhile must not
        // hold the write end open (pipe2 is not in Swift's Glibc module).
        var pipe: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pipe) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if wanted {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])

        var pid: pid_t = 0
        let status = withCStrings(argv) { argvPointers in
            withCStrings(envp) { envPointers in
                posix_spawn(&pid, argv[0], &actions, nil, argvPointers, envPointers)
            }
        }
        close(pipe[1])
        defer { close(pipe[0]) }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT) }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { output += buffer[..<count] } else if count == 0 || errno != EINTR { break }
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) == -1 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        let exited = waitStatus & 0x7f == 0 ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
        return (exited, String(decoding: output, as: UTF8.self))
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

    /// A NULL-terminated array of C strings for `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
