/// The one loop that asks a server and asks again, for the API's pages and a recording's file alike:
/// each try is admitted by the process's request budget (`RequestPacer`), and an answer the policy
/// calls worth asking again (429, 5xx, and what the caller adds) is asked again after a wait that
/// doubles, or the server's longer Retry-After. The last answer comes back with the number of tries it
/// took; what its status means is the caller's to say.
public enum Fetcher {
    /// `ask` makes try number `attempt` (from 1) and returns its answer; `head` finds the HTTP answer
    /// in it (a page's try also reads its body). Fails with what `ask` throws, or a cancellation.
    public static func asking<Answer>(_ kind: RequestPacer.Kind, retry: RetryPolicy, pacer: RequestPacer = .shared,
                                      head: (Answer) -> HTTPAnswer,
                                      _ ask: (_ attempt: Int) async throws -> Answer) async throws -> (Answer, attempts: Int) {
        var attempt = 1
        while true {
            try await pacer.admit(kind)
            let answer = try await ask(attempt)
            await pacer.answered(kind)
            let status = head(answer).status
            guard retry.isWorthRetrying(status: status), attempt < retry.attempts else { return (answer, attempt) }
            // Busy or briefly broken: asked again after a wait (an unread body is dropped with its answer).
            try await Task.sleep(for: retry.delay(afterAttempt: attempt, retryAfter: RetryPolicy.retryAfter(in: head(answer).headers)))
            attempt += 1
        }
    }
}
