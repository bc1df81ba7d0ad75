import Synchronization

/// Texts that are never printed, whoever put them in a message: the API key, which a server may echo
/// back ("The key 'SECRET' is not valid") or a URL may carry. Every write to standard output and
/// standard error passes through `apply`.
public enum Redaction {
    private static let secrets = Mutex<[String]>([])
    static let stand = "[key hidden]"

    /// The shortest key that is hidden: a shorter one is a word, not a secret (the demo catalog's key is
    /// `demo`, which its recordings' remarks say too); xeno-canto's keys are 40 characters.
    static let shortestSecret = 6

    /// From now on `secret` is shown as "[key hidden]", when it is at least `shortestSecret` long.
    public static func hide(_ secret: String) {
        let trimmed = secret.trimmingSpaces
        guard trimmed.count >= shortestSecret else { return }
        secrets.withLock { if !$0.contains(trimmed) { $0.append(trimmed) } }
    }

    static func apply(_ text: String) -> String {
        let hidden = secrets.withLock { $0 }
        guard !hidden.isEmpty else { return text }
        var text = text
        for secret in hidden where text.contains(secret) { text = text.replacing(secret, with: stand) }
        return text
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
