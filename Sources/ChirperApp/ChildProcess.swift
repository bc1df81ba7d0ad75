import Glibc

/// Another program started from Chirper as a shell would start it: no signal blocked and none ignored
/// (Chirper's threads block some and its full screen ignores others, and a child would keep both).
enum ChildProcess {
    /// The signals a child gets back at their defaults.
    static let defaulted = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGPIPE, SIGCHLD]

    /// Starts `arguments` (the first one a path, or a name looked for in PATH); its pid, or nil.
    /// `ownGroup`: in a process group of its own (a browser: Chirper's Ctrl-Z must not stop it).
    /// `quiet`: its input and output are /dev/null.
    static func spawn(_ arguments: [String], ownGroup: Bool = false, quiet: Bool = false) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in defaulted { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if ownGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid`; its exit code, or -1 when it did not exit by itself.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited (the low seven bits zero): its code is the next byte.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
