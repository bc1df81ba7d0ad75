import ChirperHTTP
import DemoCatalog
import Foundation
import Glibc
import Testing
import XenoCanto
import ChirperCore
import Sonogram
import XenoCantoHTTP

@Suite("chirper search and info against the demo catalog, over real HTTP")
struct SearchCommandTests {
    @Test func searchListsTheSecondOfThreePages() async throws {
        try await TestCatalog.withServer { server in
            let first = try await ChirperProcess.run(["search", "grp:birds", "--per-page", "50"] + server.api)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("page 1 of 3 · 132 recordings · next: --page 2"))
            let second = try await ChirperProcess.run(["search", "grp:birds", "--per-page", "50", "--page", "2"] + server.api)
            #expect(second.status == 0, "\(second.stderr)")
            let lines = second.stdout.split(separator: "\n").map(String.init)
            #expect(lines.dropLast().last == "page 2 of 3 · 132 recordings · next: --page 3")
            #expect(lines.count == 1 + 50 + 2, "header, 50 rows, footer and the restricted note")
            #expect(lines[1].contains("XC900051"), "page 2 starts with the 51st recording")
            #expect(!second.stdout.contains("\u{1B}"), "no escape codes when piped")
            let third = try await ChirperProcess.run(["search", "grp:birds", "--per-page", "50", "--page", "3"] + server.api)
            #expect(third.stdout.contains("page 3 of 3 · 132 recordings\n"))
            #expect(!third.stdout.contains("next:"))
        }
    }

    /// `chirper search sp:"parus major"` in bash arrives as the one argument `sp:parus major`: one value.
    @Test func aTagWhoseValueHoldsASpaceIsOneValue() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "sp:parus major"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Great Tit"))
            #expect(server.faults.apiRequests.first?.parameters["query"] == "sp:\"parus major\"")
        }
    }

    /// Into a pipe no width applies: a narrow COLUMNS cuts nothing, every column is there, aligned.
    @Test func aPipedTableKeepsEveryNameWhole() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "sp:rufiventris"] + server.api, environment: ["COLUMNS": "40"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines[0].contains("English name") && lines[0].contains("Recordist"), "no column dropped: \(lines[0])")
            #expect(lines.filter { $0.contains("Rufous-bellied Thrush") }.count >= 2, "the name whole on every row: \(result.stdout)")
            #expect(!result.stdout.contains("…"))
            let grep = lines.filter { $0.contains("Rufous-bellied Thrush  Turdus rufiventris") }
            #expect(!grep.isEmpty, "found by grep: \(result.stdout)")
        }
    }

    /// A listing that could not be written is not a success: named, exit 74. A reader that stopped
    /// reading (`| true`, `| head`) took what it wanted: nothing to say.
    @Test func outputThatCannotBeWrittenIsAFailureAndAClosedPipeIsNot() async throws {
        try await TestCatalog.withServer { server in
            let api = server.api.map { "'\($0)'" }.joined(separator: " ")
            let lost = try await ChirperProcess.shell("""
                folder=$(mktemp -d); : > "$folder/listing"
                chirper search grp:birds \(api) 1<"$folder/listing"; echo "status $?"; rm -r "$folder"
                """)
            #expect(lost.stdout.hasSuffix("status 74\n"), "\(lost.stdout) \(lost.stderr)")
            #expect(lost.stderr.hasPrefix("chirper: cannot write standard output: Bad file descriptor\n"), "\(lost.stderr)")
            let closed = try await ChirperProcess.shell("chirper search grp:birds \(api) | true; echo \"status ${PIPESTATUS[0]}\"")
            #expect(closed.stdout == "status 0\n" || closed.stdout == "status 141\n", "\(closed.stdout)")
            #expect(!closed.stderr.contains("chirper:"), "\(closed.stderr)")  // (a sanitizer's own report may follow)
        }
    }

    @Test func pagesListsSeveralPagesInOneRun() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "grp:birds", "--per-page", "50", "--pages", "5", "--json"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 132, "three pages of the catalog's 132, and no request past the last")
            #expect(Set(lines).count == 132, "no recording twice")
            #expect(server.faults.apiRequests.count == 3)
        }
    }

    /// mpg123 asks in HTTP/1.0 and reads to the end of the stream: the server must close after the body.
    @Test func anHTTP10RequestIsAnsweredAndClosed() async throws {
        try await TestCatalog.withServer { server in
            let port = try #require(Int(server.apiURL.split(separator: ":").last!.split(separator: "/").first!))
            // Made before the request: a slow (sanitized) build took longer than a read timeout to encode it.
            _ = try await server.audio.file(for: try #require(DemoRecordings.builtIn.entry(id: "900001")?.audio))
            let reply = try await HTTP10.get("/sounds/XC900001.mp3", port: port)
            #expect(reply.head.hasPrefix("HTTP/1.1 200"))
            let length = try #require(reply.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") })
            #expect(Int(length.split(separator: " ").last!) == reply.bodyCount)
            #expect(reply.closedByServer, "the connection ends after the body")
        }
    }

    @Test func noKeyIsRefusedBeforeAnyRequest() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "great", "tit", "--api-url", server.apiURL])
            #expect(result.status == 3)
            #expect(result.stderr.contains("No API key: set XC_API_KEY or pass --key"))
            #expect(server.faults.apiRequests.isEmpty)
        }
    }

    @Test func anUnknownKeyShowsTheServersMessage() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "great tit", "--api-url", server.apiURL, "--key", "wrong-key-123"])
            #expect(result.status == 3)
            #expect(result.stderr.contains("The API key is not valid."))
            #expect(!result.stderr.contains("wrong-key-123"), "the key is never printed")
        }
    }

    @Test func theKeyComesFromTheEnvironmentToo() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "gen:strix"], environment: ["XC_API_KEY": "demo", "XC_API_URL": server.apiURL])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Tawny Owl"))
        }
    }

    @Test func rateLimitedTwiceThenServedWithRequestsSpacedOut() async throws {
        try await TestCatalog.withServer { server in
            server.faults.next(.status(429, retryAfter: 1), times: 2)
            let result = try await ChirperProcess.run(["search", "gen:parus"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Great Tit"))
            let times = server.faults.apiRequests.map(\.at)
            #expect(times.count == 3)
            for (earlier, later) in zip(times, times.dropFirst()) {
                #expect(later - earlier >= .milliseconds(990), "never two API requests within a second")
            }
        }
    }

    @Test func serverErrorsForeverEndAsExit4() async throws {
        try await TestCatalog.withServer { server in
            server.faults.always(.status(500))
            let result = try await ChirperProcess.run(["search", "gen:parus"] + server.api)
            #expect(result.status == 4)
            #expect(result.stderr.contains("The API answered HTTP 500 (3 tries). Try again later."))
            #expect(server.faults.apiRequests.count == 3)
        }
    }

    /// 403, 429 and 503 are xeno-canto refusing or limiting requests, not a wrong key: asked again after
    /// a wait, then said as what they are, with the server's message (exit 4, never 3).
    @Test(arguments: [403, 429, 503])
    func refusingOrLimitingIsRetriedThenSaidAsSuch(status: Int) async throws {
        try await TestCatalog.withServer { server in
            server.faults.always(.status(status))
            let result = try await ChirperProcess.run(["search", "gen:parus"] + server.api)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains("xeno-canto is refusing or limiting requests (HTTP \(status), 3 tries): Injected HTTP \(status) from the demo catalog."), "\(result.stderr)")
            #expect(!result.stderr.lowercased().contains("key"), "never said to be the key: \(result.stderr)")
            #expect(server.faults.apiRequests.count == 3)
        }
    }

    /// The nested error body some answers have, `{"error": {"code": …, "message": …}}`, shows the server's
    /// message as the flat one does; a 401 stays a key problem (exit 3).
    @Test func theNestedErrorShapeShowsTheServersMessage() async throws {
        try await TestCatalog.withServer { server in
            server.faults.next(.nestedError(400, code: "invalid_query", message: "Tag \"len\" needs a number."), times: 1)
            let query = try await ChirperProcess.run(["search", "gen:parus"] + server.api)
            #expect(query.stderr.contains("The API refused the query: Tag \"len\" needs a number."), "\(query.stderr)")
            server.faults.next(.nestedError(401, code: "401", message: "This key has been revoked."), times: 1)
            let key = try await ChirperProcess.run(["search", "gen:parus"] + server.api)
            #expect(key.status == 3)
            #expect(key.stderr.contains("The API refused the key: This key has been revoked."), "\(key.stderr)")
        }
    }

    @Test func garbageIsABadResponse() async throws {
        try await TestCatalog.withServer { server in
            server.faults.always(.garbage)
            let result = try await ChirperProcess.run(["search", "gen:parus"] + server.api)
            #expect(result.status == 4)
            #expect(result.stderr.contains("Bad response from the API: not a page of recordings (not JSON). It began: \"<html><body>Bad Gateway"))
        }
    }

    @Test func anEmptyResultSaysWhatToTry() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "dodo"] + server.api)
            #expect(result.status == 1)
            #expect(result.stdout.contains("No recordings match en:dodo, nor gen:dodo."), "\(result.stdout)")
            #expect(result.stdout.contains("Try: check the spelling"))
        }
    }

    @Test func bareWordsReachTheServerAsATaggedQuery() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "great", "tit", "cnt:france"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(server.faults.apiRequests.first?.parameters["query"] == "sp:\"Parus major\" cnt:france", "the bird, by its species")
            let insect = try await ChirperProcess.run(["search", "common", "field", "grasshopper"] + server.api)
            #expect(insect.status == 0 && server.faults.apiRequests.last?.parameters["query"] == "en:\"common field grasshopper\"")
            let raw = try await ChirperProcess.run(["search", "--raw", "great", "tit"] + server.api)
            #expect(raw.status == 4)
            #expect(raw.stderr.contains("The API refused the query: Untagged search term"))
        }
    }

    @Test func restrictedRecordingsAreListedAsNotPlayable() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "night parrot"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.stdout.split(separator: "\n").filter { $0.contains("XC9") }
            #expect(!rows.isEmpty && rows.allSatisfy { $0.hasPrefix("⊘") })
            #expect(result.stdout.contains("⊘ restricted species: listed without a file, not playable"))
            let json = try await ChirperProcess.run(["search", "night parrot", "--json"] + server.api)
            let objects = try json.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(!objects.isEmpty && objects.allSatisfy { $0?["file"] == nil && $0?["en"] as? String == "Night Parrot" })
        }
    }

    @Test func jsonIsOneRecordingPerLine() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["search", "gen:turdus", "--json"] + server.api)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 33)
            let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
            #expect(first["gen"] as? String == "Turdus")
            #expect((first["file"] as? String)?.hasPrefix(server.origin) == true)
        }
    }

    @Test func infoPrintsEveryFieldWithAttribution() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["info", "XC900001"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            for expected in ["Recording\n  XC number      XC900001\n  Species        Great Tit (Parus major)\n",
                             "  Animal seen    yes\n  Playback used  no\n  Automatic      no\n",
                             "\nPlace\n  Country        France\n  Locality       Forêt de Fontainebleau, Seine-et-Marne\n  Coordinates    48.4000, 2.7000\n",
                             "  Recordist      Ana Sousa\n  Licence        CC BY-NC-SA 4.0 (Attribution-NonCommercial-ShareAlike 4.0 International)\n  Page           https://xeno-canto.org/900001\n",
                             "\nRemarks\n", "\nBackground species\n  Cyanistes caeruleus\n"] {
                #expect(result.stdout.contains(expected), "\(expected)")
            }
            #expect(server.faults.apiRequests.first?.parameters["query"] == "nr:900001")
            let missing = try await ChirperProcess.run(["info", "42"] + server.api)
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("no recording XC42"))
        }
    }

    @Test func infoJSONIsTheObjectTheAPISent() async throws {
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["info", "900001", "--json"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["id"] as? String == "900001" && object["en"] as? String == "Great Tit" && object["gen"] as? String == "Parus")
            #expect(object["lic"] as? String == "//creativecommons.org/licenses/by-nc-sa/4.0/", "values untouched: \(object)")
        }
    }

    @Test func infoLeavesOutTheSectionsARecordingHasNoDataFor() async throws {
        // XC900006 (index 5): no coordinates, no remarks, no background species.
        let recording = try #require(DemoRecordings.builtIn.entry(id: "900006")?.recording)
        #expect(recording.latitude == nil && recording.remarks == nil && recording.backgroundSpecies.isEmpty)
        try await TestCatalog.withServer { server in
            let result = try await ChirperProcess.run(["info", "900006"] + server.api)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\nPlace\n  Country        Sweden\n"), "\(result.stdout)")
            for absent in ["Coordinates", "Remarks", "Background species"] {
                #expect(!result.stdout.contains(absent), "\(absent): \(result.stdout)")
            }
        }
    }

    /// What `command` prints on a terminal of its own (util-linux `script` gives it a pseudo-terminal).
    static func onATerminal(_ arguments: [String], environment extra: [String: String]) async throws -> String {
        let quoted = ([ChirperProcess.binary.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let environment = ChirperProcess.environment(extra: ["TERM": "xterm-256color"].merging(extra) { $1 })
        return try await Spawn.run("/usr/bin/script", ["-qec", quoted, "/dev/null"], environment: environment).output
    }

    @Test func sonogramColoursFollowNoColorTERMAndTheColorOption() async throws {
        try await TestCatalog.withServer { server in
            let arguments = ["sonogram", "900009", "--lines", "8"] + server.api
            let colour = "\u{1B}[38;"
            #expect(try await Self.onATerminal(arguments, environment: [:]).contains(colour), "colours on a terminal")
            #expect(!(try await Self.onATerminal(arguments, environment: ["NO_COLOR": "1"]).contains(colour)), "NO_COLOR turns them off")
            #expect(!(try await Self.onATerminal(arguments, environment: ["TERM": "dumb"]).contains("\u{1B}")), "TERM=dumb: no escape codes")
            #expect(!(try await Self.onATerminal(arguments + ["--color", "never"], environment: [:]).contains(colour)))
            #expect(try await Self.onATerminal(arguments + ["--color", "always"], environment: ["NO_COLOR": "1"]).contains(colour), "the flag wins")
            let piped = try await ChirperProcess.run(arguments + ["--color", "always"])
            #expect(piped.status == 0 && piped.stdout.contains(colour), "always colours a pipe too")
            let bad = try await ChirperProcess.run(arguments + ["--color", "sometimes"])
            #expect(bad.status == 2)
        }
    }

    @Test func usageErrorsExit2() async throws {
        let badPage = try await ChirperProcess.run(["search", "great tit", "--per-page", "10", "--key", "x"])
        #expect(badPage.status == 2)
        #expect(badPage.stderr.contains("--per-page must be from 50 to 500"))
        let notNumber = try await ChirperProcess.run(["info", "song.mp3"])
        #expect(notNumber.status == 2)
    }

    @Test func anUnreachableServerIsANetworkError() async throws {
        try await StartBurst.waitOut()
        // The request URL carries the key: the error must name the host, never the URL.
        let started = Date()
        let result = try await ChirperProcess.run(["search", "gen:parus", "--api-url", "http://127.0.0.1:9/api/3", "--key", "sekrit-key-4242"])
        // Offline fails fast: the refused connection is not tried again until the 10 s connect timeout.
        // (0.15 s here; a run with every suite starting at once took 5.4 s. The bound only tells "at once"
        // from "after the timeout": speed is measured, not asserted.)
        #expect(Date().timeIntervalSince(started) < 9, "said at once, not after the 10 s connect timeout")
        #expect(result.status == 4)
        #expect(result.stderr.contains("Cannot reach 127.0.0.1: connection refused. Check the network, or --api-url; `chirper demo`"), "\(result.stderr)")
        #expect(!result.stderr.contains("sekrit-key-4242"))
    }
}

@Suite("The client against the demo catalog, in process")
struct ClientPagingTests {
    @Test func pagingToTheEndIsPopulatedEvenWhenOnePageTooManyIsPromised() async throws {
        try await TestCatalog.withServer { server in
            server.faults.reportExtraPage()
            let client = XenoCantoClient(settings: APISettings(baseURL: server.apiURL, key: "demo"), pacer: RequestPacer())
            let query = SearchQuery("grp:birds")
            var state = ListState.idle
            var effect = state.reduce(.searchStarted(query, page: 1))
            var pagesFetched: [Int] = []
            while case .fetch(let asked, let number) = effect {
                pagesFetched.append(number)
                let page = try await client.search(asked, page: number, perPage: 50)
                #expect(page.numPages == 4, "the server promises one page too many")
                state.reduce(.pageLoaded(asked, page))
                effect = state.reduce(.nextPageRequested)
            }
            #expect(pagesFetched == [1, 2, 3, 4])
            guard case .populated(let listing) = state else { Issue.record("expected populated, got \(state)"); return }
            #expect(listing.rows.count == 132)
            #expect(Set(listing.rows.map(\.id)).count == 132)
        }
    }
}

/// One HTTP/1.0 GET over a plain socket: what came back, and whether the server closed the connection
/// within 3 s of sending it.
enum HTTP10 {
    struct Reply {
        var head: String
        var bodyCount: Int
        var closedByServer: Bool
    }

    /// On a thread of its own: the reads block, and blocking one of the few threads that run Swift tasks
    /// kept the in-process server from answering when the other suites held the rest (the sanitized
    /// build's full run saw nothing in 3 s).
    static func get(_ path: String, port: Int) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try blockingGet(path, port: port) }) }.start()
        }
    }

    private static func blockingGet(_ path: String, port: Int) throws -> Reply {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        // A bound on a wait, not a speed check: a loaded run's server has taken more than 15 s to answer.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { closed = true; break }
            if count < 0 { break }  // the timeout: still open
            received += buffer[0..<count]
        }
        let separator = Array("\r\n\r\n".utf8)
        let end = (0...(max(0, received.count - 4))).first { Array(received[$0..<min(received.count, $0 + 4)]) == separator } ?? received.count
        return Reply(head: String(decoding: received[0..<end], as: UTF8.self), bodyCount: max(0, received.count - end - 4), closedByServer: closed)
    }
}
