import Glibc

/// The demo catalog (`chirper-demo`, installed beside `chirper`) run as a child process, so the player's
/// binary links no HTTP server. The child's standard input is a pipe only this process writes to: when
/// this process ends, however it ends, the child reads end of file and exits with it.
struct DemoProcess {
    let pid: pid_t
    /// The API base URL the child printed on its first line (`Demo catalog: URL`).
    let apiURL: String
    private let lifeline: Int32

    /// The demo server's binary: beside the running `chirper`.
    static var executable: String { sibling("chirper-demo") }

    /// The program `name` installed beside the running `chirper`.
    static func sibling(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let own = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "chirper"
        let folder = own.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/" + name
    }

    /// Replaces this process with the demo server (`serve-demo`: it then is the server, Ctrl-C and all).
    static func exec(_ arguments: [String]) -> DemoFailure {
        let path = executable
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        return .cannotStart(path: path, reason: String(cString: strerror(errno)))
    }

    /// Starts the server and waits for the line that gives its URL.
    init(_ arguments: [String]) throws(DemoFailure) {
        let path = Self.executable
        var output: [Int32] = [0, 0]
        var lifeline: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&lifeline) == 0 else {
            throw .cannotStart(path: path, reason: String(cString: strerror(errno)))
        }
        // Only the child's copies (made by dup2, which clears the flag) survive the exec.
        for descriptor in output + lifeline { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, lifeline[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        let argv = ([path, "--exit-with-input"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(output[1])
        close(lifeline[0])
        guard spawned == 0 else {
            close(output[0])
            close(lifeline[1])
            throw .cannotStart(path: path, reason: String(cString: strerror(spawned)))
        }
        pid = child
        self.lifeline = lifeline[1]
        let first = Self.firstLine(of: output[0])
        close(output[0])
        let prefix = "Demo catalog: "
        guard let first, first.hasPrefix(prefix) else {
            // Whatever it printed, it is not listening: end it (the lifeline first) and reap it.
            close(lifeline[1])
            kill(child, SIGTERM)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw .exited(path: path)
        }
        apiURL = String(first.dropFirst(prefix.count))
    }

    /// Ends the server and waits for it to go.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(lifeline)
    }

    private static func firstLine(of descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !bytes.contains(UInt8(ascii: "\n")) {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}

enum DemoFailure: Error, CustomStringConvertible {
    case cannotStart(path: String, reason: String)
    case exited(path: String)

    var description: String {
        switch self {
        case .cannotStart(let path, let reason): return "cannot start the demo catalog (\(path)): \(reason)"
        case .exited(let path): return "the demo catalog (\(path)) stopped before it was listening"
        }
    }
}
