import ChirperApp
import Foundation
import Testing

/// The argv look-ahead that lets `play`'s request overlap the parsing agrees with `play`'s definition.
@Suite("play's look-ahead before parsing")
struct PlayLookAheadTests {
    /// Every option of `play` that takes a value, as ArgumentParser describes the built command, is
    /// known to the look-ahead: a new one that is not fails here.
    @Test func itKnowsEveryOptionOfPlayThatTakesAValue() async throws {
        let dump = try await ChirperProcess.run(["play", "--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let tool = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        let arguments = try #require((tool?["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        let withValues = arguments.filter { $0["kind"] as? String == "option" }.flatMap { argument in
            ((argument["names"] as? [[String: Any]]) ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String == "short" ? "-" : "--") + text
            }
        }
        #expect(!withValues.isEmpty)
        #expect(Set(withValues) == PlayLookAhead.optionsWithValues)
    }

    @Test func anOptionsValueIsNeverTakenForTheRecording() {
        let url = "https://example.org/song.mp3"
        #expect(PlayLookAhead.url(in: [url, "--no-cache"]) == url)
        #expect(PlayLookAhead.url(in: ["--server", "tcp:host", "--api-url", "http://h/api/3", url, "--no-cache"]) == url)
        #expect(PlayLookAhead.url(in: ["--api-url", "http://h/api/3", "900001"]) == nil)
        #expect(PlayLookAhead.url(in: ["--key", "https://k.example/x.mp3", "900001"]) == nil, "a value, whatever it looks like")
        #expect(PlayLookAhead.url(in: [url, "--offline"]) == nil)
    }
}
