import ChirperHTTP
import DemoCatalog
import Foundation
import Testing
import XenoCanto
import XenoCantoHTTP

/// The v3 search tags as DemoCatalog reads them (over real HTTP, through the API client), and what
/// `search` prints of what the server sent.
@Suite("v3 search tags and what search prints of the answer")
struct SearchTagTests {
    /// The XC numbers (last three digits) a query finds in the built-in catalog.
    static func found(_ query: String, on server: DemoServer) async throws -> [Int] {
        let client = XenoCantoClient(settings: APISettings(baseURL: server.apiURL, key: "demo"), pacer: RequestPacer(budget: PacingBudget(interval: .zero)))
        let page = try await client.search(SearchQuery(query, raw: true), perPage: 500)
        return page.recordings.compactMap { Int($0.id).map { $0 - 900_000 } }
    }

    static let catalog = DemoRecordings.builtIn.entries

    /// The catalog's own answer to a question, to hold the server's against.
    static func expected(_ keep: (DemoRecordings.Entry) -> Bool) -> [Int] {
        catalog.filter(keep).compactMap { Int($0.recording.id).map { $0 - 900_000 } }
    }

    @Test func tagsOfEveryKindMeanWhatTheAPISays() async throws {
        let inBox = Self.expected {
            guard let lat = $0.recording.latitude.flatMap(Double.init), let lon = $0.recording.longitude.flatMap(Double.init) else { return false }
            return (50...53).contains(lat) && (0...15).contains(lon)
        }
        #expect(!inBox.isEmpty)
        let cases: [(query: String, found: [Int])] = [
            // Text: starts with (gen, cnt), contains (loc), exact with "=", a fixed vocabulary (type).
            ("gen:turd", Self.expected { $0.recording.genus == "Turdus" }),
            ("cnt:\"united\"", Self.expected { $0.recording.country == "United Kingdom" }),
            ("en:\"=great tit\"", Self.expected { $0.recording.englishName == "Great Tit" }),
            ("type:call", Self.expected { ($0.recording.soundType ?? "") == "call" }),
            ("fam:strigidae", Self.expected { $0.recording.genus == "Strix" }),
            ("area:australia", Self.expected { $0.recording.country == "Australia" }),
            // Numbers: a range, operators in quotes, a list, a bare length with its 1 % margin.
            ("len:5-6", Self.expected { ($0.recording.duration ?? 0) >= 5 && ($0.recording.duration ?? 0) <= 6 }),
            ("len:\">100\"", [42]),
            ("nr:900001,900002,900005", [1, 2, 5]),
            ("nr:900010-900012", [10, 11, 12]),
            ("q:\">C\"", Self.expected { ["A", "B"].contains($0.recording.quality) }),
            ("q:\"<C\"", Self.expected { ["D", "E"].contains($0.recording.quality) }),
            ("smp:\">44100\"", Self.expected { Int($0.recording.sampleRate ?? "") ?? 0 > 44_100 }),
            // Places: a box, and lat/lon within a degree.
            ("box:50,0,53,15", inBox),
            ("lat:-22.4 lon:-44.6", Self.expected { $0.recording.country == "Brazil" && $0.recording.latitude != nil }),
            // Dates, yes/no fields, and what only the grasshoppers have.
            ("year:2014 month:\">5\"", Self.expected {
                let parts = ($0.recording.date ?? "").split(separator: "-").compactMap { Int($0) }
                return parts.count == 3 && parts[0] == 2014 && parts[1] > 5
            }),
            ("seen:yes playback:yes", Self.expected { $0.recording.animalSeen == "yes" && $0.recording.playbackUsed == "yes" }),
            ("since:2024-03-01", Self.expected { ($0.recording.uploaded ?? "") >= "2024-03-01" }),
            ("grp:2", [133, 134, 135, 136]),
            ("temp:\">25\" colyear:2023", [135, 136]),
            ("method:\"studio recording\" regnr:zfmk", [133, 134, 135, 136]),
            ("also:cyanistes", Self.expected { $0.recording.backgroundSpecies.contains { $0.hasPrefix("Cyanistes") } }),
            ("lic:BY-SA", Self.expected { $0.recording.licence?.contains("/by-sa/") == true }),
        ]
        try await TestCatalog.withServer { server in
            for (query, expected) in cases {
                let found = try await Self.found(query, on: server)
                #expect(found == expected, "\(query)")
                #expect(!found.isEmpty, "\(query) finds something in the catalog")
            }
        }
    }


    /// Values that are no number, ranges given high to low, and text with a comma: answered, never a crash.
    @Test func oddValuesAreAnsweredNotFatal() async throws {
        try await TestCatalog.withServer { server in
            for query in ["len:nan", "len:-5", "lat:inf", "box:nan,0,1,1", "temp:\">nan\"", "loc:\"Tyresta, Stockholm\"", "q:A-B", "nr:900003-900001"] {
                let found = try await Self.found(query, on: server)
                switch query {
                case "loc:\"Tyresta, Stockholm\"": #expect(found == Self.expected { $0.recording.country == "Sweden" }, "\(query)")
                case "q:A-B": #expect(found == Self.expected { ["A", "B"].contains($0.recording.quality) }, "\(query)")
                case "nr:900003-900001": #expect(found == [1, 2, 3], "\(query)")
                default: #expect(found.isEmpty, "\(query)")
                }
            }
        }
    }

    @Test func anUnknownTagAnUntaggedWordAndORAreRefusedAsTheLiveAPIDoes() async throws {
        try await TestCatalog.withServer { server in
            for (query, message) in [("foo:bar", "Unknown tag \"foo\""), ("gen:turdus OR gen:parus", "OR is not supported"), ("parus", "Untagged search term")] {
                let url = server.apiURL + "/recordings?key=demo&query=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let response = try await HTTPGet.get(url, headers: [:])
                let body = try await response.body.collect(upTo: 1 << 16)
                #expect(response.status == 400)
                let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: String]
                #expect(object?["error"] == "client_error")
                #expect(object?["message"]?.contains(message) == true, "\(String(describing: object))")
            }
            let result = try await ChirperProcess.run(["search", "--raw", "len:\"<3\" foo:1"] + server.api)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains("The API refused the query: Unknown tag \"foo\""), "\(result.stderr)")
        }
    }

    /// A catalog of one recording with fields Chirper does not model and an English name of 40 characters.
    static let unusual: DemoRecordings = {
        var entry = DemoRecordings.builtIn.entries[0]
        entry.recording.englishName = "Northern Long-named Demonstration Warbler"
        entry.extraFields = [
            "annotation-set": .array([.object(["start": .number(0.25), "label": .string("song \"A\" / phrase"), "by": .null])]),
            "_meta": .object(["redacted": .array([]), "version": .integer(3)]),
        ]
        return DemoRecordings(entries: [entry])
    }()

    @Test func jsonPassesEachObjectThroughAsSentAndAPipedTableKeepsALongName() async throws {
        #expect((Self.unusual.entries[0].recording.englishName?.count ?? 0) >= 40)
        try await TestCatalog.withServer(catalog: Self.unusual) { server in
            let url = server.apiURL + "/recordings?key=demo&query=nr:900001&per_page=100&page=1"
            let response = try await HTTPGet.get(url, headers: [:])
            let sent = String(decoding: try await response.body.collect(upTo: 1 << 20), as: UTF8.self)

            let json = try await ChirperProcess.run(["search", "nr:900001", "--json"] + server.api)
            #expect(json.status == 0, "\(json.stderr)")
            let line = json.stdout.trimmingCharacters(in: .newlines)
            #expect(!line.isEmpty && !line.contains("\n"), "one line: \(json.stdout)")
            #expect(sent.contains(line), "byte for byte:\n\(line)\nin\n\(sent)")
            #expect(line.contains("\"annotation-set\"") && line.contains("\"_meta\""))

            let table = try await ChirperProcess.run(["search", "nr:900001"] + server.api)
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout.contains("Northern Long-named Demonstration Warbler"), "\(table.stdout)")

            let info = try await ChirperProcess.run(["info", "900001"] + server.api)
            #expect(info.stdout.contains("\nAnnotations\n  0.25 s · song \"A\" / phrase\n"), "the annotations a person can read: \(info.stdout)")
        }
    }
}
