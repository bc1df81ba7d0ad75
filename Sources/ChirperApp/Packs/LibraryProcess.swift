import FoundationEssentials
import Glibc
import LibraryModel
import Synchronization
import XenoCanto

/// The library as the player reaches it: `chirper-library` (installed beside `chirper`) run as a child
/// process on first use, asked one request a line. Its standard input is a pipe only this process
/// writes to, so it ends when this process does, however that ends.
final class LibraryProcess: LibraryStore {
    private struct Child {
        var pid: pid_t
        var requests: Int32
        var answers: Int32
        var pending: [UInt8] = []
    }

    private let child = Mutex<Child?>(nil)
    private let paths: LibraryPaths

    init(paths: LibraryPaths = .standard()) { self.paths = paths }

    deinit {
        child.withLock { child in
            if let running = child { Self.end(running) }
        }
    }

    /// The helper's binary: beside the running `chirper`.
    static var executable: String { DemoProcess.sibling("chirper-library") }

    // MARK: Asking

    private func ask<T: Decodable & Sendable>(_ request: LibraryRequest, _ type: T.Type) throws(LibraryError) -> T {
        let line = try Self.encoded(request)
        let answer: Result<String, LibraryError> = child.withLock { child in
            do throws(LibraryError) {
                if child == nil { child = try Self.start(paths) }
                guard var running = child else { throw LibraryError.unusable(path: Self.executable, reason: "not started") }
                FileOutput.write(line, to: running.requests)
                guard let text = Self.readLine(from: running.answers, pending: &running.pending) else {
                    Self.end(running)
                    child = nil
                    throw LibraryError.unusable(path: Self.executable, reason: "it ended without an answer")
                }
                child = running
                return .success(text)
            } catch {
                return .failure(error)
            }
        }
        let text = try answer.get()
        guard let decoded = try? JSONDecoder().decode(LibraryAnswer.self, from: Data(text.utf8)) else {
            throw .unusable(path: Self.executable, reason: "it answered what chirper cannot read")
        }
        return try decoded.value(T.self, path: paths.database.path)
    }

    /// Sends `requests` to a helper of its own. `waiting`: until they are written (the end of a play
    /// or a queue); else this process goes on at once, and what `search` remembers is written after it
    /// has ended.
    static func send(_ requests: [LibraryRequest], waiting: Bool, paths: LibraryPaths = .standard()) {
        let lines = requests.compactMap { try? encoded($0) }
        guard !lines.isEmpty, var started = try? start(paths) else { return }
        FileOutput.write(lines.joined(), to: started.requests)
        close(started.requests)
        if waiting {
            for _ in lines { _ = readLine(from: started.answers, pending: &started.pending) }
            var status: Int32 = 0
            waitpid(started.pid, &status, 0)
        }
        close(started.answers)
    }

    private static func encoded(_ request: LibraryRequest) throws(LibraryError) -> String {
        guard let data = try? JSONEncoder().encode(request) else { throw .unusable(path: "", reason: "a request could not be written") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Closes a helper's pipes and waits for it to end.
    private static func end(_ child: Child) {
        close(child.requests)
        close(child.answers)
        var status: Int32 = 0
        waitpid(child.pid, &status, 0)
    }

    /// Starts the helper on the library in `paths.folder`.
    private static func start(_ paths: LibraryPaths) throws(LibraryError) -> Child {
        // A helper that has ended makes a write to it fail (EPIPE), not end this process.
        signal(SIGPIPE, SIG_IGN)
        let path = executable
        var requests: [Int32] = [0, 0], answers: [Int32] = [0, 0]
        guard pipe(&requests) == 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
        guard pipe(&answers) == 0 else {
            close(requests[0])
            close(requests[1])
            throw .unusable(path: path, reason: String(cString: strerror(errno)))
        }
        // Only the helper's copies (made by dup2, which clears the flag) survive its exec. (Glibc's
        // module offers no pipe2: a child another thread spawns between these lines could inherit a
        // pipe, and would hold it open until it ends.)
        for descriptor in requests + answers { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, requests[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, answers[1], STDOUT_FILENO)
        let argv = [strdup(path), strdup(paths.folder.path), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(requests[0])
        close(answers[1])
        guard spawned == 0 else {
            close(requests[1])
            close(answers[0])
            throw .unusable(path: path, reason: "chirper-library cannot start: \(String(cString: strerror(spawned)))")
        }
        return Child(pid: pid, requests: requests[1], answers: answers[0])
    }

    private static func readLine(from descriptor: Int32, pending: inout [UInt8]) -> String? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return line
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += buffer[0..<count]
        }
    }

    // MARK: The store

    func packs() throws(LibraryError) -> [PackSummary] { try ask(.packs, [PackSummary].self) }
    func pack(named name: PackName) throws(LibraryError) -> StoredPack? { try ask(.pack(name), StoredPack?.self) }
    func save(_ pack: StoredPack) throws(LibraryError) { _ = try ask(.save(pack), Bool.self) }
    func removePack(named name: PackName) throws(LibraryError) -> Bool { try ask(.removePack(name), Bool.self) }
    func packedRecording(id: String) throws(LibraryError) -> PackedFile? { try ask(.packedRecording(id: id), PackedFile?.self) }
    func recordings(ids: [String]) throws(LibraryError) -> [Recording] { try ask(.recordings(ids: ids), [SentRecording].self).map(\.recording) }
    func lists() throws(LibraryError) -> [ListSummary] { try ask(.lists, [ListSummary].self) }
    func list(named name: PackName) throws(LibraryError) -> [Recording]? { try ask(.list(name), [SentRecording]?.self)?.map(\.recording) }
    func add(_ recording: Recording, toList name: PackName) throws(LibraryError) -> Bool { try ask(.add(SentRecording(recording), list: name), Bool.self) }
    func remove(ids: [String], fromList name: PackName) throws(LibraryError) -> Int { try ask(.remove(ids: ids, list: name), Int.self) }
    func members(ofList name: PackName) throws(LibraryError) -> Set<String> { try ask(.members(name), Set<String>.self) }
    func remember(search query: String) throws(LibraryError) { _ = try ask(.rememberSearch(query), Bool.self) }
    func searches(limit: Int) throws(LibraryError) -> [String] { try ask(.searches(limit: limit), [String].self) }
    func remember(play recording: Recording) throws(LibraryError) { _ = try ask(.rememberPlay(SentRecording(recording)), Bool.self) }
    func plays(limit: Int) throws(LibraryError) -> [PlayedRecording] { try ask(.plays(limit: limit), [PlayedRecording].self) }
    func clearHistory() throws(LibraryError) { _ = try ask(.clearHistory, Bool.self) }
    func quizCards() throws(LibraryError) -> [QuizCardRecord] { try ask(.quizCards, [QuizCardRecord].self) }
    func save(answer: QuizAnswerRecord, card: QuizCardRecord) throws(LibraryError) { _ = try ask(.saveQuiz(answer, card), Bool.self) }
    func quizAnswers(limit: Int) throws(LibraryError) -> [QuizAnswerRecord] { try ask(.quizAnswers(limit: limit), [QuizAnswerRecord].self) }
    func species() throws(LibraryError) -> [KnownSpecies] { try ask(.species, [KnownSpecies].self) }
}
