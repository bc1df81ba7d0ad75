import ArgumentParser

/// The bash completion script: ArgumentParser's, with the query's words offered as QueryCompletion
/// gives them. Its own way, `compgen` under `-o filenames`, escapes the colon that ends a tag (`ty`
/// became `type\:`, which nothing completes after) and drops a value whose word bash split at the colon.
enum BashCompletionScript {
    /// Whether the command line asks for it (`--generate-completion-script bash`, or `=bash`, or no
    /// shell named while bash is the user's).
    static func isAsked(_ arguments: [String], shell: String?) -> Bool {
        arguments == ["--generate-completion-script", "bash"] || arguments == ["--generate-completion-script=bash"]
            || (arguments == ["--generate-completion-script"] && (shell ?? "").hasSuffix("/bash"))
    }

    static var text: String {
        let generated = Chirper.completionScript(for: .bash)
        let registration = "complete -o filenames -F _chirper chirper"
        return generated
            .replacing("__chirper_add_completions -W \"$(__chirper_custom_complete ---completion",
                       with: "__chirper_add_query_completions \"$(__chirper_custom_complete ---completion")
            .replacing(registration, with: queryCompletions + registration)
    }

    /// Each candidate as chirper escaped it (`ShellWord`: a word bash reads back as the name, its colons
    /// kept), inserted as it is (no `-o filenames` quoting, no `compgen` filter: the candidates already
    /// begin with what was typed).
    private static let queryCompletions = #"""
        __chirper_add_query_completions() {
            compopt +o filenames 2>/dev/null
            local completion
            while IFS='' read -r completion; do
                [[ -n "${completion}" ]] || continue
                COMPREPLY+=("${completion}")
            done <<< "${1}"
        }


        """#
}
