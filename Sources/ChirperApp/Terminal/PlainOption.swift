/// `--plain`, which every command takes: the linear mode for screen readers and logs. Taken off the
/// command line before the parse (anywhere before a `--`), so no command has to declare it.
public enum PlainOption {
    public static let flag = "--plain"

    /// `arguments` without `--plain`, remembering that it was there.
    public static func taken(from arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains(flag) else { return arguments }
        Terminal.plainOption.store(true, ordering: .relaxed)
        return arguments[..<end].filter { $0 != flag } + arguments[end...]
    }
}
