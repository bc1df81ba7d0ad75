import ChirperHTTP
import FoundationEssentials
import PlaybackModel

/// Saves one recording's file whole, for `chirper download`. The bytes go to a temporary name beside
/// the target and are renamed into place only when their count matches the server's Content-Length, so
/// an interrupted download never leaves a file that looks whole. A dropped connection resumes from the
/// byte reached (the player's input, with its Range requests). An existing file is never replaced.
public enum RecordingDownload {
    /// Removes the half-written files of downloads into `folder` whose process has ended.
    public static func removeAbandoned(in folder: URL) {
        WholeFileWriter.removeAbandoned(in: folder)
    }

    public enum Outcome: Equatable, Sendable {
        case saved(bytes: Int)
        /// A file of the announced size was there already: kept, nothing written.
        case alreadyThere(bytes: Int)
    }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// A file of another size has the name: left as it was.
        case differentFileThere(name: String, size: Int, announced: Int?)
        case input(PlaybackError)
        case file(String)

        public var description: String {
            switch self {
            case .differentFileThere(let name, let size, let announced):
                let expected = announced.map { "the server's is \($0) bytes" } ?? "the server gives no length"
                return "\(name) is already there with \(size) bytes and \(expected): left as it was"
            case .input(let error): return error.description
            case .file(let reason): return reason
            }
        }
    }

    /// Downloads `url` to `target`. `progress` hears the bytes written so far and the announced total.
    public static func save(_ url: String, to target: URL,
                            progress: (_ written: Int, _ total: Int?) -> Void) async throws(Failure) -> Outcome {
        if let refusal = FileNames.refusal(toWrite: target.path) { throw .file(refusal) }
        var input: TrackInput
        do { input = try await TrackInput.open(.url(url)) } catch { throw .input(error) }
        let announced = input.size
        if let existing = OpenFile.size(atPath: target.path) {
            guard existing == announced else {
                throw .differentFileThere(name: target.lastPathComponent, size: existing, announced: announced)
            }
            return .alreadyThere(bytes: existing)
        }

        let folder = target.deletingLastPathComponent()
        let partPrefix = ".\(target.lastPathComponent).part-"
        WholeFileWriter.removeAbandoned(in: folder, prefix: partPrefix)  // an earlier run's, killed mid-way
        let temporary = folder.appendingPathComponent(partPrefix + String(ProcessInfo.processInfo.processIdentifier)
            + "-" + UUID().uuidString.prefix(8))
        guard let writer = WholeFileWriter(final: target, temporary: temporary, expected: announced) else {
            throw .file("cannot write in \(target.deletingLastPathComponent().path)")
        }
        progress(0, announced)
        do throws(PlaybackError) {
            while let chunk = try await input.next() {
                writer.append(chunk)
                if let failure = writer.failure { throw .file(reason: "writing \(target.lastPathComponent): \(failure)") }
                progress(writer.written, announced)
            }
        } catch {
            writer.abandon()
            throw .input(error)
        }
        if writer.failure == nil, let problem = await WholeAudioCheck.problem(inFile: writer.temporaryPath) {
            writer.abandon()
            throw .input(problem)
        }
        switch writer.commit(replace: false) {
        case .placed:
            return .saved(bytes: writer.written)
        case .wrongLength(let written):
            throw .input(.network(reason: "\(written) of \(announced ?? written) bytes arrived"))
        case .nameTaken:
            let size = OpenFile.size(atPath: target.path) ?? 0
            throw .differentFileThere(name: target.lastPathComponent, size: size, announced: announced)
        case .failed(let reason):
            throw .file("writing \(target.lastPathComponent): \(reason)")
        }
    }
}
