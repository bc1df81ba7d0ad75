import Glibc

/// The process's environment, one variable at a time. `ProcessInfo.environment` copies every
/// variable into a new dictionary at each call; a start-up and a screen's redraw ask for a few.
public enum EnvironmentVariable {
    /// The value of `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
