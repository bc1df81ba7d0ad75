import ChirperCore
import FoundationEssentials
import XenoCanto

/// Prints a settled search state and picks the exit code.
struct SearchOutput {
    let json: Bool
    /// The terminal's width; nil into a pipe (nothing cut).
    let width: Int?

    func finish(_ state: ListState) throws {
        switch state {
        case .populated(let listing), .paging(let listing, _):
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                // Each object as the server sent it; one made from the model only if the bytes were not kept.
                StandardOutput.write(try listing.rows.map { row in
                    try row.recording.sentJSON.text ?? String(decoding: encoder.encode(row.recording), as: UTF8.self)
                })
            } else {
                StandardOutput.write(ListRenderer.lines(ShownNames.configured.shown(state), width: width))
            }
            // A later page that failed: the rows that came are printed, and the exit code says it failed.
            if case .paging(_, let next) = state, case .failed(let reason) = next.fetch { throw reason.failure }
        case .empty:
            let text = ListRenderer.footer(state)
            if json { StandardError.write(text.joined(separator: "\n")) } else { StandardOutput.write(text) }
            throw CommandFailure(exitCode: .noMatch)
        case .error(let failure):
            throw failure.reason.failure
        case .idle, .loading:
            throw CommandFailure(message: "chirper: the search did not finish", exitCode: .network)
        }
    }
}

