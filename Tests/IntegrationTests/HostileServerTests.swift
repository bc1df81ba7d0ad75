import DemoCatalog
import Foundation
import Locking
import Testing

/// A xeno-canto-compatible server of the test's own that sends what an attacker would: control
/// sequences in every text, names that climb out of folders, numbers out of range, pages that were
/// not asked for, answers that are not HTTP. Chirper's output must stay clean and nothing may crash.
@Suite("What a hostile server sends", .serialized)
struct HostileServerTests {
    /// Sequences a terminal obeys: the clipboard (OSC 52), clearing the screen, the window title,
    /// a hyperlink, CR and cursor-up over earlier lines, C1's CSI, a bidi override and isolate, DEL.
    static let poison = "\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}[2J\u{1B}]0;owned\u{07}\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\r\u{1B}[1A\u{9B}31m\u{202E}desrever\u{2066}\u{7F}\u{08}\u{0B}"

    /// A recording whose every text field carries `poison`.
    static func recording(id: String = "900001", file: String, fileName: String = "", length: String = "0:06") -> [String: Any] {
        var fields: [String: Any] = ["id": id, "file": file, "file-name": fileName, "length": length, "q": "A", "lic": "//creativecommons.org/licenses/by-nc-sa/4.0/"]
        for key in ["gen", "sp", "en", "rec", "cnt", "loc", "type", "rmk", "dvc", "mic", "date", "time", "smp", "alt", "lat", "lon"] {
            fields[key] = key + poison + key
        }
        fields["also"] = ["Parus" + poison]
        return fields
    }

    /// A page of `recordings` as JSON text; `rawByte` puts one raw ESC inside a string (invalid JSON,
    /// which a lenient reader still takes).
    static func page(_ recordings: [[String: Any]], page: Int = 1, numPages: Int = 1, rawByte: Bool = false) throws -> String {
        let object: [String: Any] = ["numRecordings": "\(recordings.count * numPages)", "numSpecies": "1", "page": page,
                                     "numPages": numPages, "recordings": recordings]
        var text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        if rawByte { text = text.replacingOccurrences(of: "\"rec\":\"rec", with: "\"rec\":\"rec\u{1B}[31m") }
        return text
    }

    static func http(_ body: String, status: String = "200 OK") -> [String] {
        ["HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body]
    }

    /// The page number a request asked for.
    static func askedPage(_ request: String) -> Int {
        guard let range = request.range(of: "page=") else { return 1 }
        return Int(request[range.upperBound...].prefix { $0.isNumber }) ?? 1
    }

    /// Whether `text` holds nothing a terminal would obey: no C0 control but LF, no DEL, no C1, no bidi
    /// embedding, override or isolate.
    static func isClean(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x0A: return true
            case 0..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: return false
            default: return true
            }
        }
    }

    static func api(_ server: RawServer) -> [String] { ["--api-url", "http://127.0.0.1:\(server.port)/api/3", "--key", "SECRET-KEY-1234"] }

    @Test func searchInfoAndTheirJSONPrintNothingATerminalWouldObey() async throws {
        // A search's page holds one raw ESC too (invalid JSON, which the reader takes); `info` reads the
        // object again as JSON, where a raw control is refused, so its page is valid JSON.
        let raw = try Self.page([Self.recording(file: "http://127.0.0.1:1/x.mp3")], rawByte: true)
        let valid = try Self.page([Self.recording(file: "http://127.0.0.1:1/x.mp3")])
        let server = try RawServer(keepingOpen: false) { request in Self.http(request.contains("great") ? raw : valid) }
        for command in [["search", "great", "tit"], ["info", "900001"]] {
            let result = try await ChirperProcess.run(command + Self.api(server))
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(Self.isClean(result.stdout), "\(command) printed a control character: \(result.stdout.debugDescription)")
            #expect(Self.isClean(result.stderr))
            #expect(result.stdout.contains("rec"), "the names are still shown")
        }
        for command in [["search", "great", "tit", "--json"], ["info", "900001", "--json"]] {
            let result = try await ChirperProcess.run(command + Self.api(server))
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(Self.isClean(result.stdout), "\(command) printed a raw control character: \(result.stdout.debugDescription)")
            let json = command.contains("search") ? result.stdout.split(separator: "\n").map(String.init) : [result.stdout]
            for line in json {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "valid JSON")
                #expect((object["rec"] as? String)?.contains("\u{1B}") == true, "the escape is kept, as an escape: \(line)")
            }
        }
    }

    @Test func aLoneSurrogateInANameLeavesTheRecordingReadable() async throws {
        let text = try Self.page([Self.recording(file: "http://127.0.0.1:1/x.mp3")]).replacingOccurrences(of: "\"rec\":\"rec", with: "\"rec\":\"\\ud800lone")
        let server = try RawServer(keepingOpen: false) { _ in Self.http(text) }
        for command in [["search", "great", "tit"], ["info", "900001"]] {
            let result = try await ChirperProcess.run(command + Self.api(server))
            #expect(result.status == 0 && result.stdout.contains("\u{FFFD}lone"), "\(command): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func theServersOwnMessagesAreShownCleanAndNeverWithTheKey() async throws {
        let refusal = try JSONSerialization.data(withJSONObject: ["error": "invalid_key", "message": "The key 'SECRET-KEY-1234' is not valid\u{1B}]0;owned\u{07}\r\u{1B}[2J"])
        let server = try RawServer(keepingOpen: false) { _ in Self.http(String(decoding: refusal, as: UTF8.self), status: "401 Unauthorized") }
        let result = try await ChirperProcess.run(["search", "great", "tit"] + Self.api(server))
        #expect(result.status == 3, "\(result.stderr)")
        #expect(Self.isClean(result.stderr), "\(result.stderr.debugDescription)")
        #expect(!result.stderr.contains("SECRET-KEY-1234"), "\(result.stderr)")
        #expect(result.stderr.contains("[key hidden]"))
    }

    @Test func aDownloadByQueryStaysInItsFolderWhateverTheNumberSays() async throws {
        try await TestCatalog.withServer { demo in
            let body = try Self.page([Self.recording(id: "/../../../../x", file: demo.origin + "/900001/download", fileName: "")])
            let server = try RawServer(keepingOpen: false) { _ in Self.http(body) }
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-hostile-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: base) }
            let folder = base.appendingPathComponent("a/b/c/d/downloads")
            let result = try await ChirperProcess.run(["download", "--query", "great tit", "--dir", folder.path] + Self.api(server))
            #expect(result.status == 0, "\(result.stderr)")
            let everything = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
            let files = everything.filter { $0.hasSuffix(".mp3") }
            #expect(files.count == 1 && files.allSatisfy { $0.hasPrefix("a/b/c/d/downloads/") && !$0.dropFirst(18).contains("/") }, "\(everything)")
            #expect(Self.isClean(result.stdout) && Self.isClean(result.stderr))
        }
    }

    @Test func anAnswerForAnotherPageIsAFailedPage() async throws {
        let body = try Self.page([Self.recording(file: "http://127.0.0.1:1/x.mp3")], page: 1, numPages: 3)
        // Every request is answered with page 1, whichever was asked.
        let server = try RawServer(keepingOpen: false) { _ in Self.http(body) }
        let result = try await ChirperProcess.run(["search", "great", "tit", "--pages", "3"] + Self.api(server), timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 4, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("page 1 when page 2 was asked"), "\(result.stderr)")

        let first = try await ChirperProcess.run(["search", "great", "tit", "--page", "2"] + Self.api(server), timeout: 30)
        #expect(first.status == 4 && first.stderr.contains("page 1 when page 2 was asked"), "\(first.stderr)")
    }

    @Test func numbersOutOfRangeAreErrorsNotCrashes() async throws {
        // A length no recording has, and a file on a port that cannot exist.
        let body = try Self.page([Self.recording(file: "http://127.0.0.1:70000/x.mp3", length: "999999999999999999:00")])
        let server = try RawServer(keepingOpen: false) { _ in Self.http(body) }
        let search = try await ChirperProcess.run(["search", "great", "tit"] + Self.api(server))
        #expect(search.status == 0, "\(search.stderr)")
        let play = try await ChirperProcess.run(["play", "900001", "--no-cache"] + Self.api(server))
        #expect(play.status == 5, "\(play.stderr)")
        #expect(play.stderr.contains("70000"), "\(play.stderr)")

        for url in ["http://127.0.0.1:99999/api/3", "http://127.0.0.1:99999999999999999999/api/3", "ftp://127.0.0.1/api/3"] {
            let result = try await ChirperProcess.run(["search", "great", "tit", "--api-url", url, "--key", "k"])
            #expect(result.status == 2, "\(url): \(result.stderr)")
            #expect(result.stderr.contains("unusable"), "\(url): \(result.stderr)")
        }
        for arguments in [["play", "1", "--cache-size", "9999999999G"], ["play", "1", "--loop", "0-999999999999999999"],
                          ["sonogram", "1", "--max-khz", "nan"], ["sonogram", "1", "--lines", "10000000"],
                          ["compare", "1", "2", "--max-khz", "inf"], ["search", "x", "--page", "99999999999999999999"]] {
            let result = try await ChirperProcess.run(arguments + ["--key", "k", "--api-url", "http://127.0.0.1:1/api/3"])
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
    }

    @Test func anAnswerThatIsNotHTTPIsSaidSo() async throws {
        let server = try RawServer(keepingOpen: false) { _ in
            ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZZZ\r\nnot a chunk\r\n"]
        }
        let result = try await ChirperProcess.run(["search", "great", "tit"] + Self.api(server))
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("not valid HTTP"), "\(result.stderr)")
        #expect(!result.stderr.contains("Check the network"), "\(result.stderr)")
    }

    /// A recording whose answer is not HTTP fails at once with that reason: reconnecting would only
    /// get the same answer again.
    @Test func aRecordingWhoseAnswerIsNotHTTPFailsWithoutReconnecting() async throws {
        let asked = Locked(0)
        let server = try RawServer(keepingOpen: false) { _ in
            asked.withLock { $0 += 1 }
            return ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZZZ\r\nnot a chunk\r\n"]
        }
        let result = try await ChirperProcess.run(["play", "--no-cache", "http://127.0.0.1:\(server.port)/x.mp3"], timeout: 30)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("not valid HTTP") && !result.stderr.contains("reconnections"), "\(result.stderr)")
        #expect(asked.withLock { $0 } == 1, "asked once")
    }

    @Test func aRepeatingQueueWhoseEveryTrackFailsStopsAfterAPass() async throws {
        let tracks = [Self.recording(id: "900001", file: "http://127.0.0.1:1/a.mp3"), Self.recording(id: "900002", file: "http://127.0.0.1:1/b.mp3")]
        let body = try Self.page(tracks)
        let server = try RawServer(keepingOpen: false) { _ in Self.http(body) }
        let result = try await ChirperProcess.run(["queue", "great", "tit", "--repeat"] + Self.api(server), timeout: 30)
        #expect(!result.timedOut, "the queue went round for ever")
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("every track failed"), "\(result.stderr)")
    }

    @Test func aPictureIsNeverWrittenOverAFIFOOrALinkAndGoesToStandardOutputForADash() async throws {
        try await TestCatalog.withServer { demo in
            let audio = try #require(DemoRecordings.builtIn.entry(id: "900001")?.audio)
            let mp3 = try await demo.audio.file(for: audio).path
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-png-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let fifo = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o644) == 0)
            let target = folder.appendingPathComponent("mine.txt")
            try Data("mine".utf8).write(to: target)
            let link = folder.appendingPathComponent("link.png").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
            for path in [fifo, link] {
                let result = try await ChirperProcess.run(["sonogram", mp3, "--lines", "8", "--png", path])
                #expect(result.status == 2, "\(path): \(result.stderr)")
                #expect(result.stderr.contains("left as it is"), "\(result.stderr)")
            }
            let unnamed = try await ChirperProcess.run(["sonogram", mp3, "--png", ""])
            #expect(unnamed.status == 2 && unnamed.stderr.contains("--png needs a file's name"), "\(unnamed.stderr)")
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
            #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
            #expect(try String(contentsOf: target, encoding: .utf8) == "mine")
            let out = folder.appendingPathComponent("out.png")
            FileManager.default.createFile(atPath: out.path, contents: nil)
            let process = Process()
            process.executableURL = ChirperProcess.binary
            process.arguments = ["sonogram", mp3, "--png", "-"]
            process.environment = ChirperProcess.environment(extra: [:])
            process.standardOutput = try FileHandle(forWritingTo: out)
            try process.run()
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }  // no pool thread blocked
            #expect(process.terminationStatus == 0)
            let bytes = try Data(contentsOf: out)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "standard output is the PNG alone")
        }
    }
}
